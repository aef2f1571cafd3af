/**
 * Retention on a demo archive of a week with RETAIN_DAYS=3: four dates kept, the older files gone from disk and
 * from every list (compressed copies and subsets too), the models' scores kept, a download in progress completed,
 * and a restart does not build the retired dates again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycleStartupTask } from '../../src/jobs/setup-cycle.ts';
import { forecastStartupTask } from '../../src/cycle/demo-archive.ts';
import { findFile, modelMetrics } from '../../src/archive/forecast-repository.ts';
import { runStartupTasks } from '../../src/startup.ts';
import { scoringStartupTask } from '../../src/verification/scoring.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { call } from '../jobs/test-app.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('retention (RETAIN_DAYS)', () => {
  it('keeps four dates of a week, removes the rest with their copies, keeps the scores, lets a download finish', async () => {
    const test = await makeApp({ env: { DEMO: '1', DEMO_DAYS: '7', RETAIN_DAYS: '3' } });
    const { app, dataDir } = test;
    await runStartupTasks(app, [forecastStartupTask]);
    const admin = await signedIn(app, 'admin');
    const today = utcDay();
    const kept = [3, 2, 1, 0].map((k) => addDays(today, -k));
    const old = [7, 6, 5, 4].map((k) => addDays(today, -k));
    const metricsBefore = await modelMetrics(app.db);
    expect(metricsBefore.get('model_2')).toBeDefined();
    const records = async () =>
      (await call(app, { method: 'GET', url: `/api/v1/verification?model_id=model_2&run=assim_forecast&from=${old[0]}&to=${today}`, headers: admin.headers })).body.rows as Array<{ date: string }>;

    // An old forecast with the copies and subsets the API makes beside it.
    const oldest = (await findFile(app.db, 'forecast', 'model_2', old[1]))!;
    const oldPath = join(dataDir, oldest.path);
    writeFileSync(`${oldPath}.gz`, 'gzip copy');
    mkdirSync(`${oldPath}.parts`);
    writeFileSync(join(`${oldPath}.parts`, 'preview.nc'), 'subset');
    const whole = readFileSync(oldPath);

    // A slow client is downloading that file when retention runs.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const received: Buffer[] = [];
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      get(
        { host: '127.0.0.1', port: address.port, path: `/api/v1/forecast/hist?date=${old[1]}&model_id=model_2`, headers: { cookie: admin.cookie, 'accept-encoding': 'identity' } },
        resolve,
      ).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    await new Promise<void>((resolve) => response.once('data', (chunk: Buffer) => (received.push(chunk), response.pause(), resolve())));

    // The demo build's verification records (started by the verification task; retention waits for them too).
    await runStartupTasks(app, [scoringStartupTask]);
    await app.scoring.request();
    const recordsBefore = await records();
    expect(new Set(recordsBefore.map((row) => row.date))).toEqual(new Set([old[1], old[2], old[3], kept[0], kept[1], kept[2]]));

    await runStartupTasks(app, [cycleStartupTask]);

    // The download goes on to the last byte of the file as it was.
    response.on('data', (chunk: Buffer) => received.push(chunk));
    response.resume();
    await new Promise((resolve) => response.on('end', resolve));
    expect(sha(Buffer.concat(received))).toBe(sha(whole));

    // Gone from disk, copies and subsets included, and from every list.
    for (const suffix of ['', '.gz', '.parts']) expect(existsSync(oldPath + suffix), suffix).toBe(false);
    const listed = await app.db.selectFrom('forecast_files').select('date').distinct().orderBy('date').execute();
    expect(listed.map((row) => row.date)).toEqual(kept);
    for (const date of old) {
      for (const dir of ['forecast/model_2', 'assim_forecast/model_2', 'analysis/demo_analysis']) {
        expect(existsSync(join(dataDir, 'forecast-data', dir, `${date}.nc`)), `${dir} ${date}`).toBe(false);
      }
    }
    expect((await call(app, { method: 'GET', url: '/api/v1/forecast/info', headers: admin.headers })).body.available_dates).toEqual(kept);
    expect((await call(app, { method: 'GET', url: '/api/v1/analysis/info', headers: admin.headers })).body.available_dates).toEqual(kept);
    const gone = await call(app, { method: 'GET', url: `/api/v1/forecast/hist?date=${old[1]}&model_id=model_2`, headers: admin.headers });
    expect(gone.status).toBe(404);
    // The record of skill stays: the metrics, and the verification records of the removed dates.
    expect(await modelMetrics(app.db)).toEqual(metricsBefore);
    expect(await records()).toEqual(recordsBefore);

    const status = (await call(app, { method: 'GET', url: '/api/v1/cycle', headers: admin.headers })).body;
    expect(status.retain_days).toBe(3);
    expect(status.last_retention).toMatchObject({ dates: old, disk_bytes: expect.any(Number) });
    // Four days of about 70 MB (plus the newest day's compressed copies, made in the background).
    expect(status.disk_bytes).toBeGreaterThan(250_000_000);
    expect(status.disk_bytes).toBeLessThan(320_000_000);
    expect(status.last_retention.bytes).toBeGreaterThan(6 * 30_000_000);
    expect(test.logs()).toMatch(/"msg":"retention: old files removed"/);

    // A restart builds the week again except what retention retired.
    await runStartupTasks(app, [forecastStartupTask]);
    expect((await app.db.selectFrom('forecast_files').select('date').distinct().orderBy('date').execute()).map((row) => row.date)).toEqual(kept);
  }, 600_000);
});
