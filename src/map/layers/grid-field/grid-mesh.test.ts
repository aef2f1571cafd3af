import { describe, expect, it } from 'vitest';
import { createGridMesh, gridExtent, MERCATOR_MAX_LATITUDE } from './grid-mesh.ts';
import { fieldGridOfPlanar } from '../../../../common/field-grid.ts';
import { regionById } from '../../../../common/regions/index.ts';

// The server's grid: 0.05° cells centred 50.00…115.00°E, 66.025…89.975°N.
const grid = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };

describe('scalar field mesh', () => {
  it('covers the outer edges of the cells', () => {
    const extent = gridExtent(grid);
    expect(extent.west).toBeCloseTo(49.975, 9);
    expect(extent.east).toBeCloseTo(115.025, 9);
    expect(extent.south).toBeCloseTo(66, 9);
    expect(extent.north).toBeCloseTo(90, 9);
    // Rows stored north to south give the same extent.
    expect(gridExtent({ ...grid, lat0: 89.975, dlat: -0.05 })).toEqual(extent);
  });

  it('reaches the pole on the globe and stops at 85.05°N in Mercator', () => {
    const extent = gridExtent(grid);
    const lats = (positions: Float32Array) => positions.filter((_, k) => k % 3 === 1);
    expect(Math.max(...lats(createGridMesh(extent, true).positions))).toBe(90);
    expect(Math.max(...lats(createGridMesh(extent, false).positions))).toBeCloseTo(MERCATOR_MAX_LATITUDE, 4);
  });

  it('tessellates in steps of at most one degree, two triangles per quad, counter-clockwise from above', () => {
    const mesh = createGridMesh({ west: 50, east: 52.5, south: 80, north: 81 }, true);
    // 3 × 1 quads (2.5° → 3 steps of 0.833°), 4 × 2 vertices.
    expect(mesh.positions.length / 3).toBe(8);
    expect(mesh.vertexCount).toBe(3 * 1 * 6);
    const [a, b, c] = [...mesh.indices.slice(0, 3)].map((i) => [mesh.positions[i * 3], mesh.positions[i * 3 + 1]]);
    const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    expect(cross).toBeGreaterThan(0);
  });
});

describe('the mesh over the whole Arctic’s polar stereographic grid', () => {
  const region = regionById('arctic');
  if (region.kind !== 'projected') throw new Error('arctic is projected');
  const arctic = fieldGridOfPlanar(region.grid)!;

  it('covers every longitude from below the grid’s southernmost corner (30.98°N) to the pole', () => {
    const extent = gridExtent(arctic);
    expect(extent.west).toBe(-180);
    expect(extent.east).toBe(180);
    expect(extent.north).toBe(90);
    // The corner furthest from the pole, (−3 850 000, 5 850 000) m, lies at 30.98°N; the mesh reaches a bit below.
    expect(extent.south).toBeGreaterThan(30.9);
    expect(extent.south).toBeLessThan(30.98);
  });

  it('has vertices on both 180° and −180°, so no triangle spans the antimeridian', () => {
    const mesh = createGridMesh(gridExtent(arctic), true);
    const lon = (v: number) => mesh.positions[3 * v];
    const lons = new Set(Array.from({ length: mesh.positions.length / 3 }, (_, v) => lon(v)));
    expect(lons.has(-180) && lons.has(180)).toBe(true);
    let widest = 0;
    for (let k = 0; k < mesh.indices.length; k += 3) {
      const [a, b, c] = [lon(mesh.indices[k]), lon(mesh.indices[k + 1]), lon(mesh.indices[k + 2])];
      widest = Math.max(widest, Math.max(a, b, c) - Math.min(a, b, c));
    }
    expect(widest).toBeLessThanOrEqual(1);
    const lats = mesh.positions.filter((_, k) => k % 3 === 1);
    expect(Math.max(...lats)).toBe(90);
  });

  it('holds a window off the pole from its own southernmost to its northernmost point', () => {
    // 100 × 100 cells north of Franz Josef Land to the Barents Sea, x 1 000 000…1 625 000 m, y 0…−625 000 m.
    // pyproj: (1 000 000, 0) m is 80.788°N, (1 625 000, −625 000) m 74.028°N.
    const window = { ...arctic, x0: 1_003_125, nx: 100, y0: -3125, ny: 100 };
    const extent = gridExtent(window);
    expect(extent.north).toBeGreaterThan(80.788);
    expect(extent.north).toBeLessThan(80.9);
    expect(extent.south).toBeLessThan(74.028);
    expect(extent.south).toBeGreaterThan(73.9);
  });
});
