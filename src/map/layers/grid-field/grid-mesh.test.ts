import { describe, expect, it } from 'vitest';
import { createGridMesh, gridExtent, MERCATOR_MAX_LATITUDE } from './grid-mesh.ts';

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
