/**
 * The damaged-file drill: the daily cycle's files truncated, rewritten (same size, other bytes) and deleted behind
 * the server's back are answered 503 with what was found (never a cut body with 200), logged, marked in the index
 * and handed back to the cycle, whose next run writes them again; a file only copied or touched (same bytes, new
 * modification time) is still served.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setDefaultModel } from '../../src/cycle/daily-models.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { call, waitForJob } from '../jobs/test-app.ts';
import { utcDay } from '../../../common/utc-day.ts';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('a damaged file', () => {
  it('is answered 503 at once, marked, and rebuilt by the next cycle; a touched file is still served', async () => {
    const test = await makeApp({ env: { CYCLE_BACKFILL_DAYS: '0' } });
    await seedModels(test.app.db, 'model_2');
    await setDefaultModel(test.app.db, 'model_2');
    const admin = await signedIn(test.app, 'admin');
    const today = utcDay();
    const cycle = async () => {
      const started = await call(test.app, { method: 'POST', url: '/api/v1/force_fetch_data', payload: {}, headers: admin.headers });
      return waitForJob(test.app, admin.headers, started.body.job_id, 240_000);
    };
    expect((await cycle()).status).toBe('succeeded');

    const urls = {
      forecast: `/api/v1/forecast/hist?date=${today}&model_id=model_2`,
      assim_forecast: `/api/v1/assim_forecast/hist?date=${today}&model_id=model_2`,
      analysis: `/api/v1/analysis/hist?date=${today}`,
    };
    const get = (url: string, headers: Record<string, string> = { 'accept-encoding': 'br' }) =>
      test.app.inject({ method: 'GET', url, headers: { ...admin.headers, ...headers } });
    const row = async (kind: 'forecast' | 'assim_forecast' | 'analysis') =>
      (await findFile(test.app.db, kind, kind === 'analysis' ? 'demo_analysis' : 'model_2', today))!;
    const before = { forecast: await row('forecast'), assim_forecast: await row('assim_forecast'), analysis: await row('analysis') };
    for (const reply of [await get(urls.forecast), await get(urls.forecast, {})]) expect(reply.statusCode).toBe(200);
    const full = (kind: keyof typeof before) => join(test.dataDir, before[kind].path);

    // Copied or touched: the same bytes under a new modification time are still served (hashed once to tell).
    utimesSync(full('assim_forecast'), new Date(), new Date(Date.now() + 5000));
    expect((await get(urls.assim_forecast)).statusCode).toBe(200);
    expect((await row('assim_forecast')).damaged_at).toBeNull();

    // Truncated, rewritten with other bytes of the same size, deleted.
    truncateSync(full('forecast'), before.forecast.bytes / 2);
    const other = readFileSync(full('assim_forecast'));
    other[other.length - 1] ^= 0xff;
    writeFileSync(full('assim_forecast'), other);
    rmSync(full('analysis'));
    const found = {
      forecast: `размер ${before.forecast.bytes / 2} байт вместо ${before.forecast.bytes}`,
      assim_forecast: 'содержимое изменено (контрольная сумма SHA-256 не совпадает)',
      analysis: 'файл отсутствует на диске',
    };
    for (const kind of ['forecast', 'assim_forecast', 'analysis'] as const) {
      const owner = kind === 'analysis' ? 'demo_analysis' : 'model_2';
      const detail = `Файл ${kind}/${owner} за ${today} повреждён (${found[kind]}); он будет пересоздан при следующем запуске ежедневного цикла`;
      const started = Date.now();
      for (const headers of [{ 'accept-encoding': 'br' }, {}, { range: 'bytes=0-16383' }] as Array<Record<string, string>>) {
        const reply = await get(urls[kind], headers);
        expect(reply.statusCode, `${kind} ${JSON.stringify(headers)}`).toBe(503);
        expect(reply.json()).toEqual({ detail });
      }
      // A subset of it too: the same answer, not a 422 about an unreadable file.
      const subset = await get(`${urls[kind]}&variables=siconc&lead=${kind === 'analysis' ? 0 : 24}`);
      expect(subset.statusCode).toBe(503);
      console.log(`${kind}: four damaged answers in ${Date.now() - started} ms`);
      expect((await row(kind)).damage).toBe(found[kind]);
      expect(test.logs()).toContain(`"damage":"${found[kind]}"`);
    }
    const status = await call(test.app, { method: 'GET', url: '/api/v1/cycle', headers: admin.headers });
    expect(status.body.dates.find((date: { date: string }) => date.date === today)).toMatchObject({ status: 'failed', message: expect.stringMatching(/повреждён/) });

    // The next run writes them again: served whole, with new validators.
    expect((await cycle()).status).toBe('succeeded');
    for (const kind of ['forecast', 'assim_forecast', 'analysis'] as const) {
      const rebuilt = await row(kind);
      expect(rebuilt).toMatchObject({ damaged_at: null, damage: null });
      expect(rebuilt.etag).not.toBe(before[kind].etag);
      expect(sha256(join(test.dataDir, rebuilt.path))).toBe(rebuilt.sha256);
      const reply = await get(urls[kind], {});
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.length).toBe(rebuilt.bytes);
      expect(reply.headers.etag).toBe(rebuilt.etag);
    }
  }, 400_000);
});
