import type { RegularGrid } from '../../common/regular-grid.ts';
import type { ForecastFileMeta } from '../../workers/forecast.api.ts';

/**
 * What the decode worker says of an opened file, for fake workers: float variables with these names, these lead
 * hours, on `grid` (by default two cells at 80°N, 50° and 51°E).
 */
export function fileMeta(
  key: string,
  { variables = ['sithick_GLORYS'], leadHours = [24, 48, 72], grid = { lon0: 50, dlon: 1, nlon: 2, lat0: 80, dlat: 1, nlat: 1 } }: { variables?: string[]; leadHours?: number[]; grid?: RegularGrid } = {},
): ForecastFileMeta {
  return {
    key,
    format: 'classic',
    byteLength: 1,
    dimensions: [],
    variables: variables.map((name) => ({ name, dimensions: [], shape: [], type: 'float', attributes: {} })),
    attributes: {},
    leadHours,
    grid,
  };
}
