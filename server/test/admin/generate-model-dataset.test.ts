/**
 * The dataset chosen in the model form: kept with the model, reported with it, and the analyses its metrics are
 * computed on. Two datasets cover the same days: the demo analyses, and 'halved' (the same fields with half the
 * concentration, archived after the demo's, so it is what the archive serves for those dates).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { demoSource } from '../../src/archive/analysis-source.ts';
import { ensureAnalysis } from '../../src/archive/pipeline.ts';
import { findModel, modelMetrics, upsertDataset } from '../../src/archive/forecast-repository.ts';
import { recomputeMetrics } from '../../src/verification/hindcast-metrics.ts';
import { call, startTestApp, waitForJob, type TestApp } from '../jobs/test-app.ts';
import { prepareArchive } from './archive-fixture.ts';

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const halved = {
  ...demoSource,
  datasetId: 'halved',
  datasetName: 'Половинная сплочённость',
  async analysis(date: string, grid: Parameters<typeof demoSource.analysis>[1]) {
    const state = await demoSource.analysis(date, grid);
    return { ...state, concentration: state.concentration.map((value) => value / 2) };
  },
};

async function start(): Promise<TestApp> {
  const test = await startTestApp();
  cleanup.push(() => test.close());
  const dates = await prepareArchive(test.app, 3);
  await upsertDataset(test.app.db, {
    dataset_id: halved.datasetId,
    dataset_name: halved.datasetName,
    metadata: { description: 'test', variables: [], target_variables: [] },
  });
  for (const date of dates) await ensureAnalysis({ db: test.app.db, dataDir: test.app.config.dataDir, source: halved }, date);
  return test;
}

async function generate(test: TestApp, experiment: string, dataset: string) {
  const headers = await test.signIn('admin');
  // Persistence takes no hyperparameters; the form still needs some content.
  const payload = { content: '# none', prompt_id: 'persistence', dataset, experiment_name: experiment };
  const started = await call(test.app, { method: 'POST', url: '/api/v1/models/generate', payload, headers });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await waitForJob(test.app, headers, started.body.job_id, 120_000);
  expect(job.status, job.message).toBe('succeeded');
}

describe("a generated model's dataset", { timeout: 240_000 }, () => {
  it('is stored with the model (chosen by name or id) and reported on its card', async () => {
    const test = await start();
    await generate(test, 'by_name', 'Половинная сплочённость');
    await generate(test, 'by_id', 'demo_analysis');
    expect(await findModel(test.app.db, 'by_name')).toMatchObject({ dataset_id: 'halved' });
    expect(await findModel(test.app.db, 'by_id')).toMatchObject({ dataset_id: 'demo_analysis' });
    expect(await findModel(test.app.db, 'model_1')).toMatchObject({ dataset_id: null });
    const architecture = await call(test.app, { method: 'GET', url: '/api/v1/report/model_architecture', headers: await test.signIn('user') });
    const byId = new Map(architecture.body.map((model: { model_id: string }) => [model.model_id, model]));
    expect(byId.get('by_name')).toMatchObject({ dataset_id: 'halved', dataset_name: 'Половинная сплочённость' });
    expect(byId.get('model_1')).not.toHaveProperty('dataset_id');
  });

  it("has its metrics computed on that dataset's analyses", async () => {
    const test = await start();
    await generate(test, 'on_demo', 'demo_analysis');
    await generate(test, 'on_halved', 'halved');
    // model_1 (persistence, no dataset) is scored on what the archive serves for each date: the halved analyses.
    await recomputeMetrics({ db: test.app.db, dataDir: test.app.config.dataDir }, { modelIds: ['model_1'], force: true });
    const metrics = await modelMetrics(test.app.db);
    const [onDemo, onHalved, archive] = ['on_demo', 'on_halved', 'model_1'].map((id) => metrics.get(id)!);
    expect(onHalved.rmse_24h).toBeCloseTo(archive.rmse_24h, 10);
    // Day-to-day changes of concentration are twice as large in the demo dataset: so is a persistence error.
    expect(onDemo.rmse_24h / onHalved.rmse_24h).toBeCloseTo(2, 1);
  });
});
