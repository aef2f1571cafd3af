/**
 * The worker's contract, exercised in Node on the same code the worker runs: in-process through
 * ForecastService, and through comlink over a MessageChannel (structured clone, transfers, proxied progress).
 */
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { DownloadProgress, ForecastWorkerApi } from './forecast.api.ts';
import { createForecastClient, workerFailure } from './forecast-client.ts';
import { ForecastService } from './forecast-service.ts';
import { driftComponents } from '../common/drift.ts';
import { fixture } from '../netcdf/test/fixture-paths.ts';
import { smallForecast } from '../netcdf/test/write-nc3.ts';
import { keepErrorFields } from './worker-errors.ts';
import { fakeFetch, streamedBytes } from '../common/testing/fake-fetch.ts';

const bytesOf = (u8: Uint8Array): ArrayBuffer => u8.slice().buffer;

/** A fetch serving `body` in `chunks` pieces; `stall` keeps the stream open until the request is aborted. */
function servingBytes(body: Uint8Array, opts: { chunks?: number; status?: number; stall?: boolean } = {}) {
  const network = fakeFetch(({ signal }) =>
    opts.status && opts.status !== 200 ? new Response('missing', { status: opts.status }) : streamedBytes(body, { ...opts, signal }),
  );
  return { impl: network.fetch, requests: network.requests };
}

describe('ForecastService (in process)', () => {
  it('opens bytes: format, variables, lead times from CF units, the regular grid', async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'small', bytes: bytesOf(smallForecast()) }, 'r1');
    expect(meta.key).toBe('small');
    expect(meta.format).toBe('classic');
    expect(meta.leadHours).toEqual([24, 48, 72]);
    expect(meta.grid).toEqual({ lon0: 50, dlon: 0.25, nlon: 5, lat0: 70, dlat: 0.5, nlat: 4 });
    expect(meta.variables.map((v) => v.name)).toContain('sithick_GLORYS');
    expect(meta.variables.find((v) => v.name === 'sithick_GLORYS')?.shape).toEqual([3, 4, 5]);
    expect(meta.attributes.title).toBe('test forecast');
  });

  it('gives a lead-time slice as float32 with NaN on land and its finite min/max', async () => {
    const service = new ForecastService();
    await service.open({ key: 'small', bytes: bytesOf(smallForecast()) }, 'r1');
    const slice = await service.scalarSlice('small', 'sithick_GLORYS', 1);
    expect(slice.data).toBeInstanceOf(Float32Array);
    expect([slice.width, slice.height]).toEqual([5, 4]);
    expect(slice.data[0]).toBeNaN(); // column 0 is land
    expect(slice.data[2 * 5 + 3]).toBe(1000 + 100 + 20 + 3); // lead 1, row 2, column 3
    expect([slice.min, slice.max]).toEqual([1101, 1134]);
  });

  it('keeps decoded slices: asking again returns equal data without growing the cache', async () => {
    const service = new ForecastService();
    await service.open({ key: 'small', bytes: bytesOf(smallForecast()) }, 'r1');
    const first = await service.scalarSlice('small', 'sea_ice_fraction_BREMEN', 2);
    const bytesAfterFirst = service.cacheInfo.bytes;
    first.data.fill(0); // the caller owns its copy
    const second = await service.scalarSlice('small', 'sea_ice_fraction_BREMEN', 2);
    expect(service.cacheInfo.bytes).toBe(bytesAfterFirst);
    expect(second.data[1]).toBe(2201);
  });

  it('computes drift u/v from speed and direction (towards, clockwise from north)', async () => {
    const service = new ForecastService();
    await service.open({ key: 'small', bytes: bytesOf(smallForecast()) }, 'r1');
    const drift = await service.driftSlice('small', 0);
    expect(drift.data.length).toBe(2 * 5 * 4);
    expect([drift.width, drift.height]).toEqual([5, 4]);
    // cell 0: speed 0.5 towards north; cell 1: speed missing; cell 2: towards south
    expect(drift.data[0]).toBeCloseTo(0, 6);
    expect(drift.data[1]).toBeCloseTo(0.5, 6);
    expect(drift.data[2]).toBeNaN();
    expect(drift.data[3]).toBeNaN();
    expect(drift.data[4]).toBeCloseTo(0, 6);
    expect(drift.data[5]).toBeCloseTo(-0.5, 6);
    expect(drift.maxSpeed).toBeCloseTo(0.5, 6);
  });

  it('refuses unknown files, variables and leads with typed errors', async () => {
    const service = new ForecastService();
    await expect(service.scalarSlice('nope', 'x', 0)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
    await service.open({ key: 'small', bytes: bytesOf(smallForecast()) }, 'r1');
    await expect(service.scalarSlice('small', 'nope', 0)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
    await expect(service.scalarSlice('small', 'sithick_GLORYS', 3)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
    await expect(service.scalarSlice('small', 'time', 0)).rejects.toMatchObject({ name: 'UnsupportedFeatureError' });
    await expect(service.open({ key: 'bad', bytes: bytesOf(new TextEncoder().encode('hello world')) }, 'r2')).rejects.toMatchObject({
      name: 'NetcdfFormatError',
    });
  });

  it('downloads with progress up to the total and does not download a cached URL again', async () => {
    const body = smallForecast();
    const { impl, requests } = servingBytes(body, { chunks: 5 });
    const service = new ForecastService({ fetch: impl });
    const progress: DownloadProgress[] = [];
    const meta = await service.open({ url: 'http://test/f.nc' }, 'r1', (p) => progress.push(p));
    expect(meta.key).toBe('http://test/f.nc');
    expect(progress.at(-1)).toEqual({ loaded: body.length, total: body.length });
    const loaded = progress.map((p) => p.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    await service.open({ url: 'http://test/f.nc' }, 'r2');
    expect(requests.map((r) => r.url)).toEqual(['http://test/f.nc']);
  });

  it('reports an HTTP failure as a DownloadError with the status', async () => {
    const service = new ForecastService({ fetch: servingBytes(new Uint8Array(), { status: 404 }).impl });
    await expect(service.open({ url: 'http://test/missing.nc' }, 'r1')).rejects.toMatchObject({
      name: 'DownloadError',
      status: 404,
      message: expect.stringMatching(/HTTP 404/),
    });
  });

  it('abort(requestId) ends a stalled download with one AbortError', async () => {
    const service = new ForecastService({ fetch: servingBytes(smallForecast(), { stall: true }).impl });
    const opening = service.open({ url: 'http://test/slow.nc' }, 'slow');
    setTimeout(() => service.abort('slow'), 20);
    await expect(opening).rejects.toMatchObject({ name: 'AbortError' });
    expect(service.cacheInfo.files).toBe(0);
  });

  it('evicts the least recently used file when over its byte budget', async () => {
    const one = smallForecast();
    const service = new ForecastService({ cacheBytes: one.length * 2 + 100 });
    await service.open({ key: 'a', bytes: bytesOf(one) }, '1');
    await service.open({ key: 'b', bytes: bytesOf(one) }, '2');
    await service.scalarSlice('a', 'sithick_GLORYS', 0); // a is now the most recent
    await service.open({ key: 'c', bytes: bytesOf(one) }, '3');
    await expect(service.scalarSlice('b', 'sithick_GLORYS', 0)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
    await expect(service.scalarSlice('c', 'sithick_GLORYS', 0)).resolves.toMatchObject({ width: 5 });
    expect(service.cacheInfo.bytes).toBeLessThanOrEqual(service.cacheInfo.limit);
  });

  it('opens a real forecast file: lead times from its time axis; x/y 18 km off its own 2-D lat/lon give no grid (the curvilinear way)', async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'roms', bytes: bytesOf(fixture('arctic/Arctic20_1to5Feb_2016.nc')) }, 'r');
    // time in seconds since 1970 and a scalar forecast_reference_time variable equal to the first time
    expect(meta.leadHours).toEqual([0, 24, 48, 72, 96]);
    expect(meta.grid).toBeNull();
    const aice = await service.scalarSlice('roms', 'aice', 4);
    const shape = meta.variables.find((v) => v.name === 'aice')!.shape;
    expect([aice.height, aice.width]).toEqual(shape.slice(-2));
    // concentration 0..1, int16-packed: unpacking may land a few 1e-6 outside
    expect(aice.min).toBeGreaterThan(-0.001);
    expect(aice.max).toBeLessThan(1.001);
    expect(aice.max).toBeGreaterThan(0.5);
  });
});

describe('drift math', () => {
  it('0 rad moves north, π/2 east, π south, 3π/2 west; NaN where either input is missing', () => {
    const { data, maxSpeed } = driftComponents([1, 2, 1, 1, NaN, 1], [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2, 0, NaN]);
    const pairs = Array.from({ length: 6 }, (_, i) => [data[2 * i], data[2 * i + 1]]);
    expect(pairs[0][0]).toBeCloseTo(0, 6);
    expect(pairs[0][1]).toBeCloseTo(1, 6);
    expect(pairs[1][0]).toBeCloseTo(2, 6);
    expect(pairs[1][1]).toBeCloseTo(0, 6);
    expect(pairs[2][1]).toBeCloseTo(-1, 6);
    expect(pairs[3][0]).toBeCloseTo(-1, 6);
    expect(pairs[4].every(Number.isNaN)).toBe(true);
    expect(pairs[5].every(Number.isNaN)).toBe(true);
    expect(maxSpeed).toBe(2);
  });
});

describe('through comlink over a MessageChannel', () => {
  keepErrorFields(); // as forecast.worker.ts does
  const channels: MessageChannel[] = [];
  afterEach(() => {
    for (const c of channels.splice(0)) {
      c.port1.close();
      c.port2.close();
    }
  });

  function connect(service: ForecastService) {
    const channel = new MessageChannel();
    channels.push(channel);
    Comlink.expose(service, channel.port1 as unknown as Comlink.Endpoint);
    const remote = Comlink.wrap<ForecastWorkerApi>(channel.port2 as unknown as Comlink.Endpoint);
    return createForecastClient({ api: remote });
  }

  it('loads bytes (transferred), returns a transferred slice, and keeps error names', async () => {
    const client = connect(new ForecastService());
    const buffer = bytesOf(smallForecast());
    const meta = await client.load({ key: 'small', bytes: buffer });
    expect(buffer.byteLength).toBe(0); // moved to the worker, not copied
    expect(meta.leadHours).toEqual([24, 48, 72]);
    const slice = await client.scalarSlice('small', 'sithick_GLORYS', 2);
    expect(slice.data).toBeInstanceOf(Float32Array);
    expect(slice.data[5 + 1]).toBe(1211);
    const drift = await client.driftSlice('small', 0);
    expect(drift.data.length).toBe(40);
    await expect(client.scalarSlice('small', 'nope', 0)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
  });

  it("keeps a failed download's HTTP status across the channel (what the page tells 'not found' by)", async () => {
    const client = connect(new ForecastService({ fetch: servingBytes(new Uint8Array(), { status: 404 }).impl }));
    const failure = await client.load({ url: 'http://test/missing.nc' }).catch((error: unknown) => workerFailure(error));
    expect(failure).toMatchObject({ name: 'DownloadError', status: 404 });
  });

  it('calls the progress callback across the channel and aborts with one AbortError', async () => {
    const body = smallForecast();
    const client = connect(new ForecastService({ fetch: servingBytes(body, { chunks: 3 }).impl }));
    const progress: DownloadProgress[] = [];
    await client.load({ url: 'http://test/a.nc' }, { onProgress: (p) => progress.push(p) });
    await new Promise((r) => setTimeout(r, 20)); // proxied callbacks are delivered asynchronously
    expect(progress.at(-1)).toEqual({ loaded: body.length, total: body.length });

    const stalled = connect(new ForecastService({ fetch: servingBytes(body, { stall: true }).impl }));
    const controller = new AbortController();
    const loading = stalled.load({ url: 'http://test/slow.nc' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const outcomes = await Promise.allSettled([loading]);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { name: 'AbortError' } });
  });
});
