/** The value of a regular-grid slice under a longitude/latitude (degrees): the cell whose area contains it. */
import type { RegularGrid } from '../../../workers/forecast.api.ts';

/** Index into the row-major slice, or -1 outside the grid. Same cell rule as the scalar field shader. */
export function cellIndexAt(grid: RegularGrid, lon: number, lat: number): number {
  const west = grid.lon0 - grid.dlon / 2;
  const lonFromEdge = (((lon - west) % 360) + 360) % 360;
  const i = Math.floor(lonFromEdge / grid.dlon);
  const j = Math.floor((lat - (grid.lat0 - grid.dlat / 2)) / grid.dlat);
  if (i < 0 || j < 0 || i >= grid.nlon || j >= grid.nlat) return -1;
  return j * grid.nlon + i;
}

/** The value there, or null on missing cells (NaN) and outside the grid. */
export function valueAt(grid: RegularGrid, data: Float32Array, lon: number, lat: number): number | null {
  const index = cellIndexAt(grid, lon, lat);
  if (index < 0) return null;
  const value = data[index];
  return Number.isFinite(value) ? value : null;
}
