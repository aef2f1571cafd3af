/**
 * The forecast grid: a regular latitude/longitude grid over the Barents–Kara–Laptev sector up to the pole.
 *
 * Rows go in ascending latitude (row 0 is the southernmost, 66.025°N), as CF readers expect for a `latitude`
 * coordinate that increases with the index; columns go eastward from 50.00°E. Arrays are row-major:
 * the value of row j, column i is at index j * nlon + i. Cell centres:
 *   lon(i) = lon0 + i * dlon,  lat(j) = lat0 + j * dlat  (degrees).
 * Every function here takes the grid as a parameter, so tests can run on small grids.
 */
import { LEAD_HOURS as FILE_LEAD_HOURS } from '../../../common/forecast-file/leads.ts';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import type { RegularGrid } from '../../../common/regular-grid.ts';

/** The same regular grid description the decoder reports for a file (workers/forecast.api.ts). */
export type Grid = RegularGrid;

/** The grid a state lies on: the sector's latitude/longitude grid, or a projected region's plane (the whole Arctic). */
export type StateGrid = Grid | PlanarGrid;

export function isPlanarGrid(grid: StateGrid): grid is PlanarGrid {
  return 'proj4' in grid;
}

/** Columns and rows of either kind of grid. */
export function gridSize(grid: StateGrid): { nx: number; ny: number } {
  return isPlanarGrid(grid) ? { nx: grid.nx, ny: grid.ny } : { nx: grid.nlon, ny: grid.nlat };
}

// The grid and the lead times are the file contract's (common/forecast-file/), under the names the server uses;
// the server takes leads as plain hours (a file's time values), hence the wider type.
export { SECTOR_GRID } from '../../../common/forecast-file/grid.ts';
export const LEAD_HOURS: readonly number[] = FILE_LEAD_HOURS;

/** Mean Earth radius, m (the sphere the models and the drift field use). */
export const EARTH_RADIUS_M = 6_371_000;

/** Cell-centre longitudes, degrees east; rounded to 1e-9 so 0.05 steps print cleanly. */
export function longitudes(grid: Grid): Float64Array {
  return Float64Array.from({ length: grid.nlon }, (_, i) => Math.round((grid.lon0 + i * grid.dlon) * 1e9) / 1e9);
}

/** Cell-centre latitudes, degrees north, row order. */
export function latitudes(grid: Grid): Float64Array {
  return Float64Array.from({ length: grid.nlat }, (_, j) => Math.round((grid.lat0 + j * grid.dlat) * 1e9) / 1e9);
}
