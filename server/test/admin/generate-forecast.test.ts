import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { call, startTestApp, waitForJob, type TestApp } from '../jobs/test-app.ts';
import { ENGINES } from '../engines.ts';
import { createTestDatabase } from '../postgres/databases.ts';
import { prepareArchive } from './archive-fixture.ts';
import { ensureAnalysis } from '../../src/archive/pipeline.ts';
import { addDays } from '../../../common/utc-day.ts';
import { regionById } from '../../../common/regions/index.ts';

// On PostgreSQL too: the job's worker thread opens the server's database from DATABASE_URL (the server runs its
// own jobs here, JOB_RUNNER=in-process; the queue and `npm run worker` are tested in ../multi-server/).
describe.each(ENGINES)('POST /api/v1/forecast/generate (%s)', (engine) => {
  let test: TestApp;
  let dates: string[];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    database = engine === 'postgres' ? await createTestDatabase() : undefined;
    test = await startTestApp(database ? { DATABASE_URL: database.url, JOB_RUNNER: 'in-process' } : {});
    dates = await prepareArchive(test.app, 1);
  });

  afterAll(async () => {
    await test?.close();
    await database?.drop();
  });

  it('runs each chosen model from the analysis of the date and writes its files', { timeout: 180_000 }, async () => {
    const headers = await test.signIn('admin');
    const [date] = dates;
    const started = await call(test.app, {
      method: 'POST',
      url: '/api/v1/forecast/generate',
      payload: { date, model_ids: ['model_1', 'model_3'] },
      headers,
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(test.app, headers, started.body.job_id, 120_000);
    expect(job.status, job.message).toBe('succeeded');
    expect(job.result.model_ids).toEqual(['model_1', 'model_3']);
    for (const modelId of ['model_1', 'model_3']) {
      for (const kind of ['forecast', 'assim_forecast'] as const) {
        const file = await findFile(test.app.db, kind, modelId, date);
        expect(file, `${kind} ${modelId}`).toBeDefined();
        expect(existsSync(join(test.dataDir, file!.path))).toBe(true);
        expect(job.result.files[modelId]).toContain(file!.path);
      }
      // Served to the app: the model's run of that date, as NetCDF.
      const served = await test.app.inject({ method: 'GET', url: `/api/v1/forecast/hist?date=${date}&model_id=${modelId}`, headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('application/x-netcdf');
      expect(served.rawPayload.subarray(0, 3).toString('latin1')).toBe('CDF');
      const attributes = served.rawPayload.toString('latin1', 0, 4096);
      expect(attributes).toContain(modelId);
    }
  });
  it('runs them in region arctic when asked, beside the sector\'s files', { timeout: 240_000 }, async () => {
    const headers = await test.signIn('admin');
    const [date] = dates;
    const arctic = { db: test.app.db, dataDir: test.dataDir, region: regionById('arctic') };
    const noAnalysis = await call(test.app, { method: 'POST', url: '/api/v1/forecast/generate', payload: { date, model_ids: ['model_1'], region: 'arctic' }, headers });
    expect(noAnalysis.status).toBe(404);
    expect(noAnalysis.body).toEqual({ detail: `No analysis archived for ${date} in region arctic` });
    await ensureAnalysis(arctic, addDays(date, -1));
    await ensureAnalysis(arctic, date);
    const started = await call(test.app, { method: 'POST', url: '/api/v1/forecast/generate', payload: { date, model_ids: ['model_1'], region: 'arctic' }, headers });
    expect(started.status).toBe(202);
    const job = await waitForJob(test.app, headers, started.body.job_id, 180_000);
    expect(job.status, job.message).toBe('succeeded');
    expect(job.result.region).toBe('arctic');
    for (const kind of ['forecast', 'assim_forecast'] as const) {
      const file = await findFile(test.app.db, kind, 'model_1', date, 'arctic');
      expect(file?.path).toBe(`forecast-data/${kind}/model_1/${date}.arctic.nc`);
      expect(job.result.files.model_1).toContain(file!.path);
    }
    const served = await test.app.inject({ method: 'GET', url: `/api/v1/forecast/hist?date=${date}&model_id=model_1&region=arctic`, headers });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.indexOf('polar_stereographic')).toBeGreaterThan(0);
    const unknown = await call(test.app, { method: 'POST', url: '/api/v1/forecast/generate', payload: { date, model_ids: ['model_1'], region: 'antarctic' }, headers });
    expect(unknown.status).toBe(422);
  });
});
