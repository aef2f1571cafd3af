/**
 * The value of a slice under a longitude/latitude (degrees): the cell whose area contains it, on a regular
 * lat/lon grid or a polar stereographic one (common/field-grid.ts; the layers' shader uses the same rule).
 */
import { fieldCellAt, type FieldGrid } from '../../../common/field-grid.ts';

/** The value there, or null on missing cells (NaN) and outside the grid. */
export function valueAt(grid: FieldGrid, data: Float32Array, lon: number, lat: number): number | null {
  const index = fieldCellAt(grid, lon, lat);
  if (index < 0) return null;
  const value = data[index];
  return Number.isFinite(value) ? value : null;
}
