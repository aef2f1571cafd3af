import { describe, expect, it } from 'vitest';
import { cellIndexAt } from '../../../common/regular-grid.ts';
import { fieldGridOfPlanar } from '../../../common/field-grid.ts';
import { regionById } from '../../../common/regions/index.ts';
// pyproj's cells of points on EPSG:3413 (common/regions/reference/make-reference.py).
import expected from '../../../common/regions/reference/expected.json' with { type: 'json' };
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

const region = regionById('arctic');
if (region.kind !== 'projected') throw new Error('arctic is projected');
const arctic = fieldGridOfPlanar(region.grid)!;
const cells = arctic.nx * arctic.ny;

describe('the hover value on the whole Arctic’s polar stereographic grid', () => {
  it('reads the cell pyproj puts the cursor in, on both sides of 180° and at the pole', () => {
    // Each cell holds its own index: the value read names the cell.
    const data = new Float32Array(cells).map((_, k) => k);
    const inside = expected.points.filter((p) => p.index >= 0);
    expect(inside.length).toBeGreaterThan(8);
    for (const p of inside) expect(valueAt(arctic, data, p.lon, p.lat), `${p.lon}, ${p.lat}`).toBe(p.index);
  });

  it('reads nothing outside the grid, south of the equator or on a missing cell', () => {
    const data = new Float32Array(cells).fill(0.5);
    for (const p of expected.points.filter((q) => q.index < 0)) expect(valueAt(arctic, data, p.lon, p.lat)).toBeNull();
    expect(valueAt(arctic, data, 100, -80)).toBeNull();
    const pole = expected.points[0];
    data[pole.index] = Number.NaN;
    expect(valueAt(arctic, data, pole.lon, pole.lat)).toBeNull();
  });
});
