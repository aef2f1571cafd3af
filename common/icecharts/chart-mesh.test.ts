import { describe, expect, it } from 'vitest';
import { chartMesh, meshTransfers, polygonsFromMesh } from './chart-mesh.ts';

const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];

describe("a chart's mesh", () => {
  // A 10° square with a 4° hole, then a 3° square beyond 180° (rings are continuous there), then an L shape.
  const polygons = [
    { rings: [square(0, 70, 10), square(3, 73, 4)], outlines: [square(0, 70, 10), square(3, 73, 4)] },
    { rings: [square(178, 75, 3)], outlines: [[[178, 75], [181, 75]]] },
    { rings: [[[0, 60], [4, 60], [4, 61], [1, 61], [1, 64], [0, 64], [0, 60]]], outlines: [] },
  ];
  const mesh = chartMesh(polygons);

  it('keeps every ring, polygon after polygon, with where each ring and polygon starts', () => {
    expect(mesh.fill.length).toBe(3);
    expect([...mesh.fill.startIndices]).toEqual([0, 10, 15, 22]);
    expect([...mesh.fill.ringStarts]).toEqual([0, 5, 10, 15, 22]);
    expect([...mesh.fill.polygonRings]).toEqual([0, 2, 3, 4]);
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
    expect(buffers).toHaveLength(7);
    expect(new Set(buffers).size).toBe(7);
  });

  it('gives back each polygon\'s rings and outlines from the mesh alone, as they were', () => {
    const infos = polygons.map((polygon, index) => ({ index, properties: {} as never, bbox: [0, 0, 0, 0] as [number, number, number, number], ...polygon }));
    const again = polygonsFromMesh(infos.map(({ index, properties, bbox }) => ({ index, properties, bbox })), mesh);
    expect(again.map((p) => p.rings)).toEqual(polygons.map((p) => p.rings));
    expect(again.map((p) => p.outlines)).toEqual(polygons.map((p) => p.outlines));
    expect(again[2].index).toBe(2);
  });
});
