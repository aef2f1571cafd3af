/**
 * The damaged-file drill through the schedule: the daily cycle (a `dir:` inbox with a real OSI SAF product, a fake
 * clock, `CYCLE_SCHEDULE` 06:30 and 12:30) writes two dates, then behind the server's back a forecast and an
 * analysis are truncated and a forecast's compressed copies are cut and rewritten.
 * - The damaged files are answered 503 with what was found, at once (the time printed); the damaged copies are never sent:
 *   the reply is 200 with a whole copy made again, which decompresses to the file.
 * - The next scheduled tick (12:30, no one asks for it) rebuilds the forecast and re-fetches the analysis from the
 *   inbox, and the verification records that used either are computed again (they name the new files).
 */
import { createHash } from 'node:crypto';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findFile, type FileRecord } from '../../src/archive/forecast-repository.ts';
import { cycleApp } from '../cycle/cycle-fixture.ts';
import { waitForJob } from '../jobs/test-app.ts';

const TODAY = '2026-11-25';
const YESTERDAY = '2026-11-24';
const SOURCE = 'inbox_analysis';

describe('a damaged file, and the next tick of the schedule', () => {
  it('is answered 503 at once (a damaged copy is made again, never sent cut) and rebuilt or re-fetched by the next tick, its records recomputed', async () => {
    const test = await cycleApp({ CYCLE_BACKFILL_DAYS: '1', SUBSET_WARM: '0' });
    test.deliver(YESTERDAY);
    test.deliver(TODAY);
    const tick = async (at: string) => {
      test.setClock(at);
      const job = await test.app.cycle.runDue();
      expect(job, `a run at ${at}`).not.toBeNull();
      return waitForJob(test.app, test.admin.headers, job!.id, 400_000);
    };
    expect((await tick(`${TODAY}T06:30:00Z`)).status).toBe('succeeded');

    const row = async (kind: 'forecast' | 'analysis', date: string): Promise<FileRecord> =>
      (await findFile(test.app.db, kind, kind === 'analysis' ? SOURCE : 'model_2', date))!;
    const urls = {
      forecast: `/api/v1/forecast/hist?date=${YESTERDAY}&model_id=model_2`,
      analysis: `/api/v1/analysis/hist?date=${TODAY}`,
    };
    const get = (url: string, headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url, headers: { ...test.admin.headers, ...headers } });
    const before = { forecast: await row('forecast', YESTERDAY), analysis: await row('analysis', TODAY) };
    const full = (record: FileRecord) => join(test.dataDir, record.path);
    const records = () => test.app.db.selectFrom('verification_records').selectAll().orderBy(['model_id', 'run', 'date', 'lead_hours']).execute();
    const scored = await records();
    // Yesterday's runs, 24 h ahead, are scored against today's analysis.
    const usedAnalysis = scored.filter((record) => record.analysis_id === before.analysis.etag);
    const usedForecast = scored.filter((record) => record.forecast_id === before.forecast.etag);
    expect(usedAnalysis.length).toBeGreaterThan(0);
    expect(usedForecast.length).toBeGreaterThan(0);

    // The forecast's compressed copies, made by a first download, then cut (.br) and rewritten at the same size (.gz).
    const raw = readFileSync(full(before.forecast));
    for (const encoding of ['br', 'gzip']) expect((await get(urls.forecast, { 'accept-encoding': encoding })).statusCode).toBe(200);
    const br = `${full(before.forecast)}.br`;
    const gz = `${full(before.forecast)}.gz`;
    truncateSync(br, Math.floor(readFileSync(br).length / 2));
    const gzBytes = readFileSync(gz);
    gzBytes[gzBytes.length - 100] ^= 0xff;
    writeFileSync(gz, gzBytes);
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const started = Date.now();
      const reply = await get(urls.forecast, { 'accept-encoding': encoding });
      const ms = Date.now() - started;
      expect(reply.statusCode, encoding).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
      expect(decode(reply.rawPayload).equals(raw), `${encoding} decompresses to the file`).toBe(true);
      console.log(`a damaged .${encoding === 'br' ? 'br' : 'gz'} copy: made again and sent whole in ${ms} ms`);
    }
    expect(test.logs()).toContain('compressed copy damaged on disk: made again');

    // The files themselves: truncated.
    truncateSync(full(before.forecast), before.forecast.bytes - 1000);
    truncateSync(full(before.analysis), 4096);
    for (const kind of ['forecast', 'analysis'] as const) {
      for (const headers of [{ 'accept-encoding': 'br' }, {}] as Array<Record<string, string>>) {
        const started = Date.now();
        const reply = await get(urls[kind], headers);
        const ms = Date.now() - started;
        expect(reply.statusCode, `${kind} ${JSON.stringify(headers)}`).toBe(503);
        expect(reply.json().detail).toMatch(/повреждён \(размер \d+ байт вместо \d+\); он будет пересоздан/);
        console.log(`a truncated ${kind} file: 503 in ${ms} ms`);
      }
    }

    // The next tick of the schedule, at 12:30: nothing else asked for.
    expect((await tick(`${TODAY}T12:30:00Z`)).status).toBe('succeeded');
    const after = { forecast: await row('forecast', YESTERDAY), analysis: await row('analysis', TODAY) };
    for (const kind of ['forecast', 'analysis'] as const) {
      expect(after[kind]).toMatchObject({ damaged_at: null, damage: null });
      expect(after[kind].etag).not.toBe(before[kind].etag);
      const reply = await get(urls[kind]);
      expect(reply.statusCode, kind).toBe(200);
      expect(reply.rawPayload.length).toBe(after[kind].bytes);
    }
    // Written whole: the bytes on disk are the ones indexed.
    for (const kind of ['forecast', 'analysis'] as const) {
      expect(createHash('sha256').update(readFileSync(full(after[kind]))).digest('hex'), kind).toBe(after[kind].sha256);
    }
    const rescored = await records();
    expect(rescored).toHaveLength(scored.length);
    expect(rescored.filter((record) => record.analysis_id === before.analysis.etag || record.forecast_id === before.forecast.etag)).toEqual([]);
    expect(rescored.filter((record) => record.analysis_id === after.analysis.etag)).toHaveLength(usedAnalysis.length);
    expect(rescored.filter((record) => record.forecast_id === after.forecast.etag)).toHaveLength(usedForecast.length);
  }, 900_000);
});
