import type { Grid } from '../../src/grid/grid.ts';

/** A small grid for tests: `nlat` rows × `nlon` columns of `step` degrees, the first cell's centre at (lat0, lon0). */
export function makeGrid(nlat: number, nlon: number, lat0 = 70, lon0 = 60, step = 0.05): Grid {
  return { lat0, lon0, dlat: step, dlon: step, nlat, nlon };
}

/** A small grid over the northern Kara Sea and the tip of Novaya Zemlya: 40 × 60 cells of 0.25°, so tests are quick. */
export const SMALL_GRID = makeGrid(40, 60, 74, 60, 0.25);
