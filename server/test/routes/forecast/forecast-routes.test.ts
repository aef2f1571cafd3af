import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../../src/cycle/demo-archive.ts';
import { makeApp, signedIn } from '../../helpers.ts';
import { SMALL_GRID } from '../../grid/small-grid.ts';

const DATES = ['2026-02-08', '2026-02-09', '2026-02-10'];

/** The app with a small demo archive of three days (the archive functions take the grid, the routes do not care). */
async function appWithArchive(): Promise<{ app: FastifyInstance; dataDir: string; cookie: string }> {
  const { app, dataDir } = await makeApp();
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 3, '2026-02-10');
  const { cookie } = await signedIn(app, 'user');
  return { app, dataDir, cookie };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('forecast and report endpoints', () => {
  it('need a signed-in user', async () => {
    const { app } = await makeApp();
    for (const url of [
      '/api/v1/forecast/info',
      '/api/v1/forecast/hist?date=2026-02-09',
      '/api/v1/assim_forecast/hist?date=2026-02-09',
      '/api/v1/report/model_architecture',
      '/api/v1/report/model_metrics',
      '/api/v1/report/datasets',
    ]) {
      const reply = await get(app, url);
      expect(reply.statusCode, url).toBe(401);
      expect(reply.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('list the available dates and serve the files', async () => {
    const { app, dataDir, cookie } = await appWithArchive();
    expect((await get(app, '/api/v1/forecast/info', { cookie })).json()).toEqual({ available_dates: DATES });

    const reply = await get(app, '/api/v1/forecast/hist?date=2026-02-09', { cookie });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/x-netcdf');
    expect(reply.headers['cache-control']).toContain('immutable');
    expect(reply.headers.etag).toMatch(/^".+"$/);
    const file = join(dataDir, 'forecast-data/forecast/model_2/2026-02-09.nc');
    // HTTP dates have whole seconds: the file's modification time, rounded down.
    expect(Date.parse(String(reply.headers['last-modified']))).toBe(Math.floor(statSync(file).mtimeMs / 1000) * 1000);
    const onDisk = readFileSync(file);
    expect(reply.rawPayload.equals(onDisk)).toBe(true);

    const assim = await get(app, '/api/v1/assim_forecast/hist?date=2026-02-09', { cookie });
    expect(assim.rawPayload.equals(readFileSync(join(dataDir, 'forecast-data/assim_forecast/model_2/2026-02-09.nc')))).toBe(true);
    expect(assim.headers.etag).not.toBe(reply.headers.etag);

    const byModel = await get(app, '/api/v1/forecast/hist?date=2026-02-09&model_id=model_2', { cookie });
    expect(byModel.statusCode).toBe(200);
  });

  it('answer 422 for a missing or malformed date and 404 when there is no file', async () => {
    const { app, cookie } = await appWithArchive();
    for (const query of ['', '?date=', '?date=2026-2-9', '?date=2026-02-30', '?date=../../app.db', '?date=2026-02-09%2F..%2F..', '?date=2026-02-09&model_id=../x']) {
      const reply = await get(app, `/api/v1/forecast/hist${query}`, { cookie });
      expect(reply.statusCode, query).toBe(422);
      expect(reply.json().detail).toBeTypeOf('string');
    }
    for (const url of ['/api/v1/forecast/hist?date=2025-01-01', '/api/v1/assim_forecast/hist?date=2026-02-09&model_id=model_1', '/api/v1/forecast/hist?date=2026-02-09&model_id=nope']) {
      const reply = await get(app, url, { cookie });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json().detail).toMatch(/No/);
    }
  });

  it('answer 304 to a matching ETag or date, and 206 to a byte range', async () => {
    const { app, cookie } = await appWithArchive();
    const url = '/api/v1/forecast/hist?date=2026-02-10';
    const first = await get(app, url, { cookie });
    const etag = first.headers.etag as string;
    const notModified = await get(app, url, { cookie, 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(app, url, { cookie, 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    expect((await get(app, url, { cookie, 'if-modified-since': first.headers['last-modified'] as string })).statusCode).toBe(304);

    const range = await get(app, url, { cookie, range: 'bytes=0-3' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-3/${first.rawPayload.length}`);
    expect(range.rawPayload.toString('latin1')).toBe('CDF\x02');
    const tail = await get(app, url, { cookie, range: 'bytes=-10' });
    expect(tail.rawPayload.equals(first.rawPayload.subarray(-10))).toBe(true);
    // A range against an older copy (If-Range with another ETag) gets the whole, current file.
    const stale = await get(app, url, { cookie, range: 'bytes=0-3', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(first.rawPayload.length);
    const head = await app.inject({ method: 'HEAD', url, headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(first.rawPayload.length);
    const beyond = await get(app, url, { cookie, range: `bytes=${first.rawPayload.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${first.rawPayload.length}`);
  });

  it('send gzip or brotli when asked, the same bytes once decoded', async () => {
    const { app, cookie } = await appWithArchive();
    const url = '/api/v1/assim_forecast/hist?date=2026-02-08';
    const plain = await get(app, url, { cookie });
    const gzip = await get(app, url, { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const br = await get(app, url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    // A compressed representation is revalidated with its own ETag.
    expect((await get(app, url, { cookie, 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    // gzip;q=0 refuses gzip.
    expect((await get(app, url, { cookie, 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('report the models, their metrics and the datasets', async () => {
    const { app, cookie } = await appWithArchive();
    const architecture = (await get(app, '/api/v1/report/model_architecture', { cookie })).json();
    expect(architecture).toEqual([
      // model_2 is the default (DEFAULT_MODEL), which the daily cycle runs.
      { model_id: 'model_1', model_type: 'persistence', hyperparameters: {}, is_default: false, run_daily: false },
      { model_id: 'model_2', model_type: 'free_drift_advection', hyperparameters: { time_step_hours: 6, drift_scale: 1 }, is_default: true, run_daily: true },
      { model_id: 'model_3', model_type: 'damped_anomaly', hyperparameters: { e_folding_days: 5 }, is_default: false, run_daily: false },
    ]);
    const metrics = (await get(app, '/api/v1/report/model_metrics', { cookie })).json() as Array<{ model_id: string; metrics: Record<string, number> }>;
    expect(metrics.map((m) => m.model_id)).toEqual(['model_1', 'model_2', 'model_3']);
    for (const { metrics: m } of metrics) {
      expect(Object.keys(m)).toEqual(expect.arrayContaining(['rmse', 'mae', 'ssim', 'rmse_24h', 'mae_48h']));
      for (const value of Object.values(m)) expect(Number.isFinite(value)).toBe(true);
    }
    const datasets = (await get(app, '/api/v1/report/datasets', { cookie })).json();
    expect(datasets).toHaveLength(1);
    expect(datasets[0].dataset_id).toBe('demo_analysis');
    expect(datasets[0].dataset_name).toContain('Демонстрационные данные');
    expect(datasets[0].metadata.variables).toEqual([
      'sithick_GLORYS',
      'sea_ice_fraction_BREMEN',
      'usi_vsi_GLORYS_speed',
      'usi_vsi_GLORYS_direct',
    ]);
    expect(datasets[0].metadata.target_variables.length).toBeGreaterThan(0);
    expect(datasets[0].metadata.description).toContain('демонстрационные данные');
  });
});
