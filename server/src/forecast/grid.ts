/**
 * The forecast grid: a regular latitude/longitude grid over the Barents–Kara–Laptev sector up to the pole.
 *
 * Rows go in ascending latitude (row 0 is the southernmost, 66.025°N), as CF readers expect for a `latitude`
 * coordinate that increases with the index; columns go eastward from 50.00°E. Arrays are row-major:
 * the value of row j, column i is at index j * nlon + i. Cell centres:
 *   lon(i) = lon0 + i * dlon,  lat(j) = lat0 + j * dlat  (degrees).
 * Every function here takes the grid as a parameter, so tests can run on small grids.
 */
import type { RegularGrid } from '../../../common/regular-grid.ts';

/** The same regular grid description the decoder reports for a file (workers/forecast.api.ts). */
export type Grid = RegularGrid;

/** 480 rows (66.025..89.975°N) × 1301 columns (50.00..115.00°E), every 0.05°. */
export const ARCTIC_GRID: Readonly<Grid> = Object.freeze({ lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 });

/** Lead times of every forecast, hours after the reference time (00:00 UTC of the forecast date). */
export const LEAD_HOURS: readonly number[] = [24, 48, 72];

/** Mean Earth radius, m (the sphere the models and the drift field use). */
export const EARTH_RADIUS_M = 6_371_000;

export const cellCount = (grid: Grid): number => grid.nlat * grid.nlon;

/** Cell-centre longitudes, degrees east; rounded to 1e-9 so 0.05 steps print cleanly. */
export function longitudes(grid: Grid): Float64Array {
  return Float64Array.from({ length: grid.nlon }, (_, i) => Math.round((grid.lon0 + i * grid.dlon) * 1e9) / 1e9);
}

/** Cell-centre latitudes, degrees north, row order. */
export function latitudes(grid: Grid): Float64Array {
  return Float64Array.from({ length: grid.nlat }, (_, j) => Math.round((grid.lat0 + j * grid.dlat) * 1e9) / 1e9);
}

/** Fractional column and row of a point (cell centres are whole numbers). */
export function toIndex(grid: Grid, lat: number, lon: number): { col: number; row: number } {
  return { col: (lon - grid.lon0) / grid.dlon, row: (lat - grid.lat0) / grid.dlat };
}

/** Same-sized small grid for tests and benchmarks: n rows × m columns starting at (lat0, lon0). */
export function makeGrid(nlat: number, nlon: number, lat0 = 70, lon0 = 60, step = 0.05): Grid {
  return { lat0, lon0, dlat: step, dlon: step, nlat, nlon };
}
