import { describe, expect, it } from 'vitest';
import { chartMesh, meshTransfers } from './chart-mesh.ts';

/** Planar area (deg²) of the triangles of polygon p. */
function triangleArea(mesh: ReturnType<typeof chartMesh>, p: number): number {
  const { fill } = mesh;
  let area = 0;
  for (let k = 0; k < fill.indices.length; k += 3) {
    const [a, b, c] = [fill.indices[k], fill.indices[k + 1], fill.indices[k + 2]];
    // Every triangle lies within one polygon's vertices.
    const inside = (v: number) => v >= fill.startIndices[p] && v < fill.startIndices[p + 1];
    if (!inside(a)) continue;
    expect(inside(b) && inside(c)).toBe(true);
    const x = (v: number) => fill.positions[2 * v];
    const y = (v: number) => fill.positions[2 * v + 1];
    area += Math.abs((x(b) - x(a)) * (y(c) - y(a)) - (x(c) - x(a)) * (y(b) - y(a))) / 2;
  }
  return area;
}

const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];

describe("a chart's mesh", () => {
  // A 10° square with a 4° hole, then a 3° square beyond 180° (rings are continuous there), then an L shape.
  const polygons = [
    { rings: [square(0, 70, 10), square(3, 73, 4)], outlines: [square(0, 70, 10), square(3, 73, 4)] },
    { rings: [square(178, 75, 3)], outlines: [[[178, 75], [181, 75]]] },
    { rings: [[[0, 60], [4, 60], [4, 61], [1, 61], [1, 64], [0, 64], [0, 60]]], outlines: [] },
  ];
  const mesh = chartMesh(polygons);

  it('covers each polygon with its triangles exactly: its area, its holes left out', () => {
    expect(mesh.fill.length).toBe(3);
    expect([...mesh.fill.startIndices]).toEqual([0, 10, 15, 22]);
    expect(triangleArea(mesh, 0)).toBeCloseTo(100 - 16, 9);
    expect(triangleArea(mesh, 1)).toBeCloseTo(9, 9);
    expect(triangleArea(mesh, 2)).toBeCloseTo(4 + 3, 9);
    // Positions as given: the square beyond 180° keeps its longitudes.
    expect(mesh.fill.positions[2 * 10 + 2]).toBe(181);
  });

  it("keeps the outlines as paths, each with its polygon's index", () => {
    expect(mesh.outline.length).toBe(3);
    expect([...mesh.outline.startIndices]).toEqual([0, 5, 10, 12]);
    expect([...mesh.outline.polygonOf]).toEqual([0, 0, 1]);
    expect([...mesh.outline.positions.subarray(20, 24)]).toEqual([178, 75, 181, 75]);
  });

  it('hands over every buffer for a transfer, none twice', () => {
    const buffers = meshTransfers(mesh);
    expect(buffers).toHaveLength(6);
    expect(new Set(buffers).size).toBe(6);
  });
});
