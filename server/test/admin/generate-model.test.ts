import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findModel, modelMetrics } from '../../src/archive/forecast-repository.ts';
import { call, startTestApp, waitForJob, type TestApp } from '../jobs/test-app.ts';
import { prepareArchive } from './archive-fixture.ts';

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  const test = await startTestApp(env);
  cleanup.push(() => test.close());
  await prepareArchive(test.app, 2);
  return test;
}

/** An OpenAI-compatible chat-completions endpoint that answers `answer` as the assistant's message. */
async function fakeLlm(answer: string): Promise<{ baseUrl: string; prompts: string[] }> {
  const prompts: string[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw) as { messages: Array<{ content: string }> };
      prompts.push(body.messages.map((message) => message.content).join('\n---\n'));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanup.push(() => new Promise((done) => server.close(done)));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, prompts };
}

async function generate(test: TestApp, payload: Record<string, string>) {
  const headers = await test.signIn('admin');
  const started = await call(test.app, { method: 'POST', url: '/api/v1/models/generate', payload, headers });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitForJob(test.app, headers, started.body.job_id, 120_000);
}

describe('POST /api/v1/models/generate with the template generator', { timeout: 180_000 }, () => {
  it('registers the model under the experiment name with its hindcast metrics', async () => {
    const test = await start();
    const job = await generate(test, {
      content: 'time_step_hours=3\ndrift_scale=0.7',
      prompt_id: 'free_drift_advection',
      dataset: 'demo_analysis',
      experiment_name: 'slow_drift',
    });
    expect(job.status, job.message).toBe('succeeded');
    expect(job.request).toMatchObject({ experiment_name: 'slow_drift', generator: 'template' });
    expect(job.result).toMatchObject({
      model_id: 'slow_drift',
      model_type: 'free_drift_advection',
      hyperparameters: { time_step_hours: 3, drift_scale: 0.7 },
    });
    expect(await findModel(test.app.db, 'slow_drift')).toMatchObject({ model_type: 'free_drift_advection' });
    const metrics = (await modelMetrics(test.app.db)).get('slow_drift')!;
    expect(metrics.rmse_24h).toBeGreaterThan(0);
    expect(job.result.metrics).toEqual(metrics);
    // It appears where /models reads.
    const headers = await test.signIn('user');
    const architecture = await call(test.app, { method: 'GET', url: '/api/v1/report/model_architecture', headers });
    expect(architecture.body).toContainEqual({
      model_id: 'slow_drift',
      model_type: 'free_drift_advection',
      hyperparameters: { time_step_hours: 3, drift_scale: 0.7 },
      dataset_id: 'demo_analysis',
      dataset_name: 'Демонстрационные данные: архив анализов',
      is_default: false,
      run_daily: false,
    });
    const reported = await call(test.app, { method: 'GET', url: '/api/v1/report/model_metrics', headers });
    expect(reported.body).toContainEqual({ model_id: 'slow_drift', metrics });
  });

  it('fails with the schema error and registers nothing when the content does not fit the family', async () => {
    const test = await start();
    const job = await generate(test, {
      content: 'drift_scale=12',
      prompt_id: 'free_drift_advection',
      dataset: 'demo_analysis',
      experiment_name: 'too_fast',
    });
    expect(job.status).toBe('failed');
    expect(job.message).toBe('drift_scale must be between 0 and 3, got 12');
    expect(await findModel(test.app.db, 'too_fast')).toBeUndefined();
    const architecture = await call(test.app, {
      method: 'GET',
      url: '/api/v1/report/model_architecture',
      headers: await test.signIn('user'),
    });
    expect(architecture.body.map((model: { model_id: string }) => model.model_id)).not.toContain('too_fast');
  });
});

describe('POST /api/v1/models/generate with the llm generator', { timeout: 180_000 }, () => {
  it('fails with a clear message and registers nothing when the LLM answers garbage', async () => {
    const llm = await fakeLlm('I am sorry, as a language model I cannot design sea ice models.');
    const test = await start({ MODEL_GENERATOR: 'llm', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake' });
    const job = await generate(test, {
      content: 'a slow model please',
      prompt_id: 'damped_anomaly',
      dataset: 'demo_analysis',
      experiment_name: 'llm_garbage',
    });
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^LLM answer is not a JSON model spec: I am sorry/);
    expect(await findModel(test.app.db, 'llm_garbage')).toBeUndefined();
    expect((await modelMetrics(test.app.db)).has('llm_garbage')).toBe(false);
    expect(llm.prompts[0]).toContain('damped_anomaly');
    expect(llm.prompts[0]).toContain('a slow model please');
  });

  it('refuses an answer of another family than the chosen prompt, with the reason in the job, and registers nothing', async () => {
    const llm = await fakeLlm('{"model_type": "persistence", "hyperparameters": {}}');
    const test = await start({ MODEL_GENERATOR: 'llm', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake' });
    const job = await generate(test, {
      content: 'anomalies that last about nine days',
      prompt_id: 'damped_anomaly',
      dataset: 'demo_analysis',
      experiment_name: 'llm_wrong_family',
    });
    expect(job.status).toBe('failed');
    expect(job.message).toBe(
      'генератор вернул модель семейства persistence, а выбран системный промпт семейства damped_anomaly; модель не зарегистрирована',
    );
    expect(await findModel(test.app.db, 'llm_wrong_family')).toBeUndefined();
    expect((await modelMetrics(test.app.db)).has('llm_wrong_family')).toBe(false);
  });

  it('registers the model the LLM specified', async () => {
    const llm = await fakeLlm('{"model_type": "damped_anomaly", "hyperparameters": {"e_folding_days": 9}}');
    const test = await start({ MODEL_GENERATOR: 'llm', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake' });
    const job = await generate(test, {
      content: 'anomalies that last about nine days',
      prompt_id: 'damped_anomaly',
      dataset: 'demo_analysis',
      experiment_name: 'llm_nine_days',
    });
    expect(job.status, job.message).toBe('succeeded');
    expect(await findModel(test.app.db, 'llm_nine_days')).toMatchObject({
      model_type: 'damped_anomaly',
      hyperparameters: { e_folding_days: 9 },
    });
    expect((await modelMetrics(test.app.db)).get('llm_nine_days')?.rmse).toBeGreaterThan(0);
  });
});
