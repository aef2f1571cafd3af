import { describe, expect, it } from 'vitest';
import { chartMesh, meshTransfers, polygonsFromMesh } from './chart-mesh.ts';

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** Area of polygon p's triangles in the Web Mercator plane (radians of longitude × Mercator y), where they are found. */
function triangleArea(mesh: ReturnType<typeof chartMesh>, p: number): number {
  const { fill } = mesh;
  let area = 0;
  for (let k = 0; k < fill.indices.length; k += 3) {
    const [a, b, c] = [fill.indices[k], fill.indices[k + 1], fill.indices[k + 2]];
    // Every triangle lies within one polygon's vertices.
    const inside = (v: number) => v >= fill.startIndices[p] && v < fill.startIndices[p + 1];
    if (!inside(a)) continue;
    expect(inside(b) && inside(c)).toBe(true);
    const x = (v: number) => (fill.positions[2 * v] * Math.PI) / 180;
    const y = (v: number) => mercatorY(fill.positions[2 * v + 1]);
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

  it("covers each polygon with its triangles exactly in the map's plane: its area, its holes left out", () => {
    expect(mesh.fill.length).toBe(3);
    expect([...mesh.fill.startIndices]).toEqual([0, 10, 15, 22]);
    // Rectangles in the Mercator plane: width (radians) × the Mercator span of their latitudes.
    const rect = (width: number, south: number, north: number) => ((width * Math.PI) / 180) * (mercatorY(north) - mercatorY(south));
    expect(triangleArea(mesh, 0)).toBeCloseTo(rect(10, 70, 80) - rect(4, 73, 77), 12);
    expect(triangleArea(mesh, 1)).toBeCloseTo(rect(3, 75, 78), 12);
    expect(triangleArea(mesh, 2)).toBeCloseTo(rect(4, 60, 61) + rect(1, 61, 64), 12);
    // Positions as given: the square beyond 180° keeps its longitudes.
    expect(mesh.fill.positions[2 * 10 + 2]).toBe(181);
  });

  it('keeps the outlines as paths, polygon after polygon', () => {
    expect(mesh.outline.length).toBe(3);
    expect([...mesh.outline.startIndices]).toEqual([0, 5, 10, 12]);
    expect([...mesh.outline.polygonPaths]).toEqual([0, 2, 3, 3]);
    expect([...mesh.outline.positions.subarray(20, 24)]).toEqual([178, 75, 181, 75]);
  });

  it('hands over every buffer for a transfer, none twice', () => {
    const buffers = meshTransfers(mesh);
    expect(buffers).toHaveLength(8);
    expect(new Set(buffers).size).toBe(8);
  });

  it('gives back each polygon\'s rings and outlines from the mesh alone, as they were', () => {
    const infos = polygons.map((polygon, index) => ({ index, properties: {} as never, bbox: [0, 0, 0, 0] as [number, number, number, number], ...polygon }));
    const again = polygonsFromMesh(infos.map(({ index, properties, bbox }) => ({ index, properties, bbox })), mesh);
    expect(again.map((p) => p.rings)).toEqual(polygons.map((p) => p.rings));
    expect(again.map((p) => p.outlines)).toEqual(polygons.map((p) => p.outlines));
    expect(again[2].index).toBe(2);
  });
});
