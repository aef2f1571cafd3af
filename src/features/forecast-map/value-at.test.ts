import { describe, expect, it } from 'vitest';
import { cellIndexAt } from '../../../common/regular-grid.ts';
import { valueAt } from './value-at.ts';

// The server's grid: 0.05° cells, centres 50.00…115.00°E and 66.025…89.975°N.
const grid = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };

describe('value under the cursor', () => {
  it('finds the cell whose area holds the point', () => {
    expect(cellIndexAt(grid, 50, 66.025)).toBe(0);
    expect(cellIndexAt(grid, 50.024, 66.049)).toBe(0);
    expect(cellIndexAt(grid, 50.026, 66.051)).toBe(1 * 1301 + 1);
    expect(cellIndexAt(grid, 115.0, 89.99)).toBe(479 * 1301 + 1300);
  });

  it('is outside the grid beyond its edges', () => {
    expect(cellIndexAt(grid, 49.97, 70)).toBe(-1);
    expect(cellIndexAt(grid, 115.03, 70)).toBe(-1);
    expect(cellIndexAt(grid, 80, 65.99)).toBe(-1);
  });

  it('reports NaN cells as no data', () => {
    const small = { lon0: 0, dlon: 1, nlon: 2, lat0: 80, dlat: -1, nlat: 1 };
    const data = Float32Array.of(1.5, Number.NaN);
    expect(valueAt(small, data, 0.2, 80.3)).toBe(1.5);
    expect(valueAt(small, data, 1.2, 80.3)).toBeNull();
    expect(valueAt(small, data, 5, 80.3)).toBeNull();
  });
});
