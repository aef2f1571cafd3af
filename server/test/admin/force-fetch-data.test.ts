import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisDates } from '../../src/archive/pipeline.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { call, startTestApp, waitForJob, type TestApp } from '../jobs/test-app.ts';
import { prepareArchive } from './archive-fixture.ts';
import { utcDay } from '../../../common/utc-day.ts';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
  // Yesterday's analysis only: the upload must add today's analysis and forecasts.
  await prepareArchive(test.app, 1, new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
});

afterAll(async () => test?.close());

describe('POST /api/v1/force_fetch_data', () => {
  it('starts one upload (a second at once gets 409), which ingests today and writes its forecasts', async () => {
    const headers = await test.signIn('superuser');
    const request = { method: 'POST' as const, url: '/api/v1/force_fetch_data', payload: {}, headers };
    const [first, second] = await Promise.all([call(test.app, request), call(test.app, request)]);
    const started = [first, second].find((reply) => reply.status === 202)!;
    const refused = [first, second].find((reply) => reply.status !== 202)!;
    expect(started.body).toEqual({ message: 'Начало загрузки данных', job_id: expect.any(Number) });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Загрузка данных уже выполняется (задача №${started.body.job_id})`);

    const job = await waitForJob(test.app, headers, started.body.job_id, 120_000);
    const today = utcDay();
    expect(job).toMatchObject({ kind: 'force_fetch_data', status: 'succeeded', progress: 1, request: { date: today } });
    expect(job.result.date).toBe(today);
    expect(job.result.verification.metrics_recomputed.length).toBeGreaterThan(0);

    const ctx = { db: test.app.db, dataDir: test.dataDir };
    expect(await analysisDates(ctx)).toContain(today);
    for (const kind of ['forecast', 'assim_forecast'] as const) {
      const file = await findFile(test.app.db, kind, 'model_2', today);
      expect(file, kind).toBeDefined();
      expect(existsSync(join(test.dataDir, file!.path))).toBe(true);
    }

    // Finished, so the next upload may start.
    const again = await call(test.app, request);
    expect(again.status).toBe(202);
    await waitForJob(test.app, headers, again.body.job_id, 120_000);
  }, 300_000);
});
