import { describe, expect, it } from 'vitest';
import { ChartService } from './chart-service.ts';

const feature = (id: number, ring: number[][], ct: [number, number]) => ({
  type: 'Feature',
  id,
  properties: { poly_type: 'I', ct, stages: [], fast_ice: false },
  geometry: { type: 'Polygon', coordinates: [ring] },
});
// A polygon crossing 180° as the server sends it: longitudes jump from 179 to −179.
const body = {
  type: 'FeatureCollection',
  features: [feature(0, [[170, 70], [179, 70], [-179, 70], [-179, 72], [179, 72], [170, 72], [170, 70]], [9, 10]), feature(1, [[0, 60], [5, 60], [5, 65], [0, 60]], [1, 3])],
};

const fetchOf = (status: number, delayMs = 0): typeof fetch =>
  (async (_url: string, init?: RequestInit) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;

describe('the chart worker', () => {
  it('fetches a chart and gives its polygons made continuous across 180°, their rings in flat arrays', async () => {
    const { polygons, mesh } = await new ChartService(fetchOf(200)).prepare('http://x/api/v1/icecharts/3', 'a');
    expect(polygons.map((p) => p.index)).toEqual([0, 1]);
    expect(polygons[0].bbox).toEqual([170, 70, 181, 72]);
    expect(Object.keys(polygons[0]).sort()).toEqual(['bbox', 'index', 'properties']);
    expect(mesh.fill.length).toBe(2);
    expect([...mesh.fill.startIndices]).toEqual([0, 7, 11]);
    expect([...mesh.fill.positions.subarray(0, 8)]).toEqual([170, 70, 179, 70, 181, 70, 181, 72]);
  });

  it('rejects with the status of a refusal', async () => {
    await expect(new ChartService(fetchOf(404)).prepare('http://x/api/v1/icecharts/9', 'b')).rejects.toThrow('HTTP 404');
  });

  it('stops a request on abort, with an AbortError', async () => {
    const service = new ChartService(fetchOf(200, 30));
    const going = service.prepare('http://x/api/v1/icecharts/3', 'c');
    service.abort('c');
    await expect(going).rejects.toMatchObject({ name: 'AbortError' });
  });
});
