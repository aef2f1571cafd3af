/** The value of a regular-grid slice under a longitude/latitude (degrees): the cell whose area contains it. */
import { cellIndexAt, type RegularGrid } from '../../../common/regular-grid.ts';

/** The value there, or null on missing cells (NaN) and outside the grid. */
export function valueAt(grid: RegularGrid, data: Float32Array, lon: number, lat: number): number | null {
  const index = cellIndexAt(grid, lon, lat);
  if (index < 0) return null;
  const value = data[index];
  return Number.isFinite(value) ? value : null;
}
