import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../../src/cycle/demo-archive.ts';
import { decodeStateFile } from '../../../src/archive/forecast-file.ts';
import { makeApp, signedIn } from '../../helpers.ts';
import { SMALL_GRID } from '../../grid/small-grid.ts';

describe('analysis endpoints', () => {
  it('need a signed-in user', async () => {
    const { app } = await makeApp();
    for (const url of ['/api/v1/analysis/info', '/api/v1/analysis/hist?date=2026-02-09']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(401);
      expect(reply.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('list the analysed dates and serve each analysis as the archived one-step file', async () => {
    const { app, dataDir } = await makeApp();
    await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 2, '2026-02-10');
    const { cookie } = await signedIn(app, 'user');

    const info = await app.inject({ method: 'GET', url: '/api/v1/analysis/info', headers: { cookie } });
    // The demo build archives the day before its first forecast too (the free run's first start).
    expect(info.json()).toEqual({ available_dates: ['2026-02-08', '2026-02-09', '2026-02-10'] });

    const reply = await app.inject({ method: 'GET', url: '/api/v1/analysis/hist?date=2026-02-09', headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/x-netcdf');
    // An analysis can be superseded under the same URL (a real one over the demo's): revalidated, 304 when unchanged.
    expect(reply.headers['cache-control']).toBe('private, no-cache');
    const onDisk = readFileSync(join(dataDir, 'forecast-data/analysis/demo_analysis/2026-02-09.nc'));
    expect(reply.rawPayload.equals(onDisk)).toBe(true);
    const decoded = decodeStateFile(new Uint8Array(reply.rawPayload), 0);
    expect(decoded.state.concentration.length).toBe(SMALL_GRID.nlat * SMALL_GRID.nlon);

    const again = await app.inject({ method: 'GET', url: '/api/v1/analysis/hist?date=2026-02-09', headers: { cookie, 'if-none-match': String(reply.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answer 422 for a bad date and 404 for a date without an analysis', async () => {
    const { app } = await makeApp();
    const { cookie } = await signedIn(app, 'user');
    const bad = await app.inject({ method: 'GET', url: '/api/v1/analysis/hist?date=2026-13-01', headers: { cookie } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('date');
    const missing = await app.inject({ method: 'GET', url: '/api/v1/analysis/hist?date=2026-02-09', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No analysis for 2026-02-09' });
  });
});
