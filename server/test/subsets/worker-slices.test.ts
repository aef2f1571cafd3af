/**
 * The decode worker's slice-by-slice open (issue 13, workers/forecast/sliced-fetcher.ts) against the real
 * server: header range + first subset, the rest in the background, and the same metadata and values as the
 * whole file. The worker's code runs in-process (ForecastService) with Node's fetch on a listening app.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { ForecastService } from '../../../workers/forecast-service.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { makeGrid } from '../grid/small-grid.ts';

/** Large enough that no field lies inside the header range (32 KiB): 60 × 100 cells, 72 KB per variable. */
const GRID = makeGrid(60, 100, 74, 60, 0.25);

const VARIABLES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];

async function serving(): Promise<{ app: FastifyInstance; url: string; requests: string[]; fetch: typeof fetch }> {
  const { app, dataDir } = await makeApp();
  await buildDemoArchive({ db: app.db, dataDir, grid: GRID }, 1, '2026-02-10');
  const { cookie } = await signedIn(app, 'user');
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  // Node's fetch keeps connections alive (one stays busy after an aborted download): close them all at the end.
  onTestFinished(() => app.server.closeAllConnections());
  const requests: string[] = [];
  const fetchWithSession = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    requests.push(`${headers.get('range') ?? 'GET'} ${String(input).replace(origin, '')}`);
    return fetch(input, { ...init, headers });
  }) as typeof fetch;
  return { app, url: `${origin}/api/v1/forecast/hist?date=2026-02-10`, requests, fetch: fetchWithSession };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 1500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error('not within 15 s');
};

describe('the worker opening a server file slice by slice', () => {
  it('answers with the whole file\'s metadata from the header and one subset, then has every slice, equal to the whole file\'s', async () => {
    const { url, requests, fetch } = await serving();
    const sliced = new ForecastService({ fetch });
    const meta = await sliced.open({ url, first: { variables: ['sithick_GLORYS'], leadHours: 48 } }, 'r1');
    expect(requests.slice(0, 2).sort()).toEqual([`GET /api/v1/forecast/hist?date=2026-02-10&variables=sithick_GLORYS&lead=48`, `bytes=0-16383 /api/v1/forecast/hist?date=2026-02-10`]);

    const whole = new ForecastService({ fetch });
    const wholeMeta = await whole.open({ url }, 'r2');
    expect({ ...meta, key: '' }).toEqual({ ...wholeMeta, key: '' });
    expect(meta.leadHours).toEqual([24, 48, 72]);

    const first = await sliced.scalarSlice(meta.key, 'sithick_GLORYS', 1);
    const want = await whole.scalarSlice(meta.key, 'sithick_GLORYS', 1);
    expect(first.width).toBe(want.width);
    for (let i = 0; i < want.data.length; i++) {
      if (Number.isNaN(want.data[i])) expect(first.data[i]).toBeNaN();
      else expect(Math.abs(first.data[i] - want.data[i])).toBeLessThanOrEqual(0.001);
    }

    // Once the page says the field is drawn, the background fetches every other slice, one at a time, each once.
    sliced.allowBackground(meta.key);
    await until(() => requests.filter((r) => r.includes('&lead=')).length >= 12);
    const subsets = requests.filter((r) => r.includes('&lead='));
    expect(new Set(subsets).size).toBe(subsets.length);
    expect(subsets).toHaveLength(12);
    expect(subsets[1]).toMatch(/variables=sithick_GLORYS&lead=(24|72)$/);
    const before = requests.length;
    for (const variable of VARIABLES) {
      for (const lead of [0, 1, 2]) {
        const got = await sliced.scalarSlice(meta.key, variable, lead);
        const expected = await whole.scalarSlice(meta.key, variable, lead);
        let worst = 0;
        for (let i = 0; i < expected.data.length; i++) {
          expect(Number.isNaN(got.data[i]), `${variable} ${lead} ${i}`).toBe(Number.isNaN(expected.data[i]));
          if (!Number.isNaN(expected.data[i])) worst = Math.max(worst, Math.abs(got.data[i] - expected.data[i]));
        }
        expect(worst, `${variable} at lead ${lead}`).toBeLessThanOrEqual(0.002);
      }
    }
    const drift = await sliced.driftSlice(meta.key, 2);
    expect(drift.maxSpeed).toBeCloseTo((await whole.driftSlice(meta.key, 2)).maxSpeed, 3);
    expect(requests.length).toBe(before);
    await expect(sliced.scalarSlice(meta.key, 'nope', 0)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
    await expect(sliced.scalarSlice(meta.key, 'sithick_GLORYS', 5)).rejects.toMatchObject({ name: 'NetcdfNotFoundError' });
  });

  it('fetches a slice asked for before the background reached it, once, and stops the background of a file left', async () => {
    const { url, requests, fetch } = await serving();
    // A slow link: its clock runs 1000× fast (and keeps no record of the transfers), so loopback measures as about a
    // megabit, or a body read in one go as no sample, and the worker keeps to slices (on a fast link it would take
    // each whole file at once: workers/forecast/link-decision.ts).
    const service = new ForecastService({ fetch, clock: { now: () => performance.now() * 1000 } });
    const meta = await service.open({ url, first: { variables: ['sea_ice_fraction_BREMEN'], leadHours: 24 } }, 'r1');
    service.allowBackground(meta.key);
    const [a, b] = await Promise.all([
      service.driftSlice(meta.key, 2, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'),
      service.scalarSlice(meta.key, 'usi_vsi_GLORYS_speed', 2),
    ]);
    expect(a.width).toBe(GRID.nlon);
    expect(b.height).toBe(GRID.nlat);
    const speedAt72 = requests.filter((r) => /usi_vsi_GLORYS_speed[^&]*&lead=72$/.test(r));
    expect(speedAt72).toHaveLength(1);
    // Another file: the first one's background stops (no request for it after the switch).
    const other = `${url.replace('forecast/hist', 'assim_forecast/hist')}`;
    const otherMeta = await service.open({ url: other, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r2');
    service.allowBackground(otherMeta.key);
    const mark = requests.length;
    await until(() => requests.filter((r) => r.includes('assim_forecast') && r.includes('&lead=')).length >= 12);
    const later = requests.slice(mark).filter((r) => !r.includes('assim_forecast'));
    expect(later.length).toBeLessThanOrEqual(1); // at most the one request already under way
  });

  it('downloads the whole file when the server cannot answer the first subset', async () => {
    const { url, requests, fetch } = await serving();
    const service = new ForecastService({ fetch });
    const meta = await service.open({ url, first: { variables: ['not_a_variable'], leadHours: 24 } }, 'r1');
    expect(requests).toContain(`GET /api/v1/forecast/hist?date=2026-02-10`);
    expect(meta.leadHours).toEqual([24, 48, 72]);
    const count = requests.length;
    await service.scalarSlice(meta.key, 'sithick_GLORYS', 2);
    expect(requests.length).toBe(count);
  });

  it('gives one AbortError when the open is aborted', async () => {
    const { url, fetch } = await serving();
    const service = new ForecastService({ fetch });
    const pending = service.open({ url, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    service.abort('r1');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resumes a whole-file download that broke off, with a byte range from where it stopped', async () => {
    const { url, requests, fetch } = await serving();
    let cut = true;
    let cutAt = 0;
    // The first answer's body breaks off after 40 000 bytes, as on a dropped satellite link.
    const breaking = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      if (!cut || !response.body) return response;
      cut = false;
      let passed = 0;
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            if (passed + chunk.length > 40_000) {
              controller.enqueue(chunk.subarray(0, 40_000 - passed));
              cutAt = 40_000;
              controller.error(new TypeError('network connection lost'));
              return;
            }
            passed += chunk.length;
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(body, { status: response.status, headers: response.headers });
    }) as typeof fetch;
    const progress: number[] = [];
    const resumed = new ForecastService({ fetch: breaking });
    const meta = await resumed.open({ url }, 'r1', (p) => progress.push(p.loaded));
    expect(cutAt).toBe(40_000);
    expect(requests).toEqual(['GET /api/v1/forecast/hist?date=2026-02-10', 'bytes=40000- /api/v1/forecast/hist?date=2026-02-10']);
    expect(Math.max(...progress)).toBe(meta.byteLength);
    const whole = new ForecastService({ fetch });
    await whole.open({ url }, 'r2');
    for (const lead of [0, 2]) {
      expect(Array.from((await resumed.scalarSlice(meta.key, 'usi_vsi_GLORYS_direct', lead)).data)).toEqual(
        Array.from((await whole.scalarSlice(meta.key, 'usi_vsi_GLORYS_direct', lead)).data),
      );
    }
  });
});
