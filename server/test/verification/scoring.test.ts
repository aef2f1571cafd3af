/**
 * When the archive is scored: at startup after the demo build (in the background, never on a request), and at the
 * end of every archive job: a forecast generated, an analysis imported (which replaces the demo's truth of its
 * date, so the records valid that day are recomputed and name the new truth, and the metrics judged by it are
 * recomputed); and stopped mid-way, it leaves whole records that the next run completes.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { VerificationReply } from '../../../common/api-types/verification.ts';
import { openDatabase } from '../../src/db/database.ts';
import { scoringStartupTask, scoreInThread } from '../../src/verification/scoring.ts';
import { listRecords } from '../../src/verification/verification-repository.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { prepareArchive } from '../admin/archive-fixture.ts';
import { fixtureBytes } from '../ingest/fixture-server.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { multipart } from '../routes/uploads/multipart.ts';
import { buildSmallDemo, smallArchive } from './archive-fixture.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

describe.each(ENGINES)('the startup verification on %s', (engine) => {
  it('fills the records after the demo build, in the background', async () => {
    const { app } = await makeApp({ database: engine });
    const today = utcDay();
    await buildSmallDemo(smallArchive(app.db, app.config.dataDir), 3, today);
    const { cookie } = await signedIn(app, 'user');
    const rows = async () => (await app.inject({ url: '/api/v1/verification?model_id=model_3&run=assim_forecast', headers: { cookie } })).json<VerificationReply>().rows;
    // Nothing is computed on the request path.
    expect(await rows()).toEqual([]);
    await scoringStartupTask.run(app);
    await app.scoring.request();
    expect((await rows()).map((r) => [r.date, r.lead_hours])).toEqual([
      [addDays(today, -2), 24],
      [addDays(today, -2), 48],
      [addDays(today, -1), 24],
    ]);
  }, 120_000);
});

describe('the scoring step of every job', () => {
  it('ends a forecast generation and an analysis import with the records and the metrics up to date', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const [start, valid] = await prepareArchive(app, 2, addDays(utcDay(), -1));
    const rows = async () =>
      (await app.inject({ url: `/api/v1/verification?model_id=model_1&run=assim_forecast&from=${start}&to=${start}`, headers: admin.headers })).json<VerificationReply>().rows;

    const generated = await app.inject({ method: 'POST', url: '/api/v1/forecast/generate', headers: admin.headers, payload: { date: start, model_ids: ['model_1'] } });
    const job = await waitForJob(app, admin.headers, generated.json().job_id, 240_000);
    expect(job).toMatchObject({ status: 'succeeded', progress: 1, result: { verification: { failed: [] } } });
    expect(job.result.verification.computed).toBeGreaterThan(0);
    const before = await rows();
    expect(before).toEqual([expect.objectContaining({ date: start, lead_hours: 24, valid_date: valid, truth: { source: 'demo_analysis', label: 'демонстрационные данные', demo: true } })]);

    // A real analysis of the valid date replaces the demo's: the record is scored again, against it.
    const body = multipart({ date: valid }, { name: 'ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', bytes: fixtureBytes('ease2') });
    const imported = await app.inject({ method: 'POST', url: '/api/v1/analysis/import', headers: { ...admin.headers, 'content-type': body.contentType }, payload: body.payload });
    const importJob = await waitForJob(app, admin.headers, imported.json().job_id, 240_000);
    expect(importJob).toMatchObject({ status: 'succeeded', result: { verification: { failed: [] } } });
    // The model's hindcast metrics are judged by the same analyses: the replaced one makes them stale.
    expect(importJob.result.verification.metrics_recomputed).toContain('model_1');
    const after = await rows();
    expect(after).toEqual([expect.objectContaining({ date: start, lead_hours: 24, truth: { source: 'imported_analysis', label: 'загруженный файл ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', demo: false } })]);
    expect(after[0].iiee_km2).not.toBe(before[0].iiee_km2);
    // OSI SAF has no thickness.
    expect(before[0].thick_rmse).toBeTypeOf('number');
    expect(after[0].thick_rmse).toBeNull();
  }, 480_000);
});

describe('an interrupted verification', () => {
  it('leaves whole records only, and the next run computes just the rest', async () => {
    const dataDir = tempDir('ice-verify-stop-');
    const db = await openDatabase(dataDir);
    onTestFinished(() => db.destroy());
    const ctx = smallArchive(db, dataDir);
    const dates = await buildSmallDemo(ctx, 4, '2026-02-10');
    // Stopped (its worker thread terminated) once it reports the second date: the first date's records are written.
    const abort = new AbortController();
    const stopped = scoreInThread({ dataDir, databaseUrl: null }, {
      signal: abort.signal,
      onProgress: (_fraction, message) => {
        if (message?.includes(dates[1])) abort.abort(new Error('the server is shutting down'));
      },
    });
    await expect(stopped).rejects.toThrow('shutting down');
    const partial = await listRecords(db, { from: dates[0], to: dates.at(-1)! });
    // 3 models × 2 runs × (3 + 2 + 1) start/lead pairs in all.
    expect(partial.length).toBeGreaterThanOrEqual(18);
    expect(partial.length).toBeLessThan(36);
    for (const record of partial) {
      for (const field of ['n_cells', 'iiee_km2', 'iiee_over_km2', 'iiee_under_km2', 'edge_length_km', 'conc_rmse', 'conc_bias', 'persistence_conc_rmse'] as const) {
        expect(record[field], `${record.model_id} ${record.date} ${field}`).toBeTypeOf('number');
      }
    }
    const resumed = await verifyArchive(ctx);
    expect(resumed).toMatchObject({ computed: 36 - partial.length, unchanged: partial.length, failed: [] });
    expect(await listRecords(db, { from: dates[0], to: dates.at(-1)! })).toHaveLength(36);
  }, 120_000);
});
