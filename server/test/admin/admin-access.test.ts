import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../jobs/test-app.ts';
import { prepareArchive } from './archive-fixture.ts';

let test: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let dates: string[];

beforeAll(async () => {
  test = await startTestApp();
  dates = await prepareArchive(test.app, 1);
  admin = await test.signIn('admin');
  user = await test.signIn('user');
});

afterAll(async () => test?.close());

const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
  call(test.app, { method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

const validModel = { content: 'drift_scale=0.5', prompt_id: 'free_drift_advection', dataset: 'demo_analysis', experiment_name: 'exp_a' };

describe('role checks', () => {
  const endpoints: Array<[string, unknown]> = [
    ['/force_fetch_data', {}],
    ['/models/generate', validModel],
    ['/forecast/generate', { date: '2026-01-01', model_ids: ['model_1'] }],
  ];

  it.each(endpoints)('%s answers 401 to nobody and 403 to a user, and starts nothing', async (url, payload) => {
    expect((await post(url, payload)).status).toBe(401);
    const forbidden = await post(url, payload, user);
    expect(forbidden).toEqual({ status: 403, body: { detail: 'Forbidden' } });
    const jobs = await call(test.app, { method: 'GET', url: '/api/v1/jobs', headers: user });
    expect(jobs.body).toEqual([]);
  });

  it.each(endpoints)('%s refuses an admin session without the XSRF header', async (url, payload) => {
    const { cookie } = admin;
    expect((await post(url, payload, { cookie })).status).toBe(403);
  });
});

describe('POST /models/generate validation', () => {
  it.each([
    ['a missing field', { ...validModel, content: undefined }],
    ['an empty content', { ...validModel, content: '' }],
    ['a number for text', { ...validModel, experiment_name: 42 }],
    ['spaces in the experiment name', { ...validModel, experiment_name: 'my model' }],
    ['a path in the experiment name', { ...validModel, experiment_name: '../x' }],
    ['an unknown prompt', { ...validModel, prompt_id: 'transformer' }],
    ['an unknown dataset', { ...validModel, dataset: 'era5' }],
  ])('answers 422 with detail for %s', async (_what, payload) => {
    const reply = await post('/models/generate', payload, admin);
    expect(reply.status).toBe(422);
    expect(typeof reply.body.detail === 'string' || typeof reply.body.detail === 'object').toBe(true);
  });

  it('names the unknown prompt and the known ones', async () => {
    const reply = await post('/models/generate', { ...validModel, prompt_id: 'transformer' }, admin);
    expect(reply.body.detail).toBe('Unknown prompt_id "transformer" (one of persistence, free_drift_advection, damped_anomaly)');
  });

  it('answers 409 when a model of that name exists', async () => {
    const reply = await post('/models/generate', { ...validModel, experiment_name: 'model_1' }, admin);
    expect(reply).toEqual({ status: 409, body: { detail: 'A model named model_1 already exists' } });
  });
});

describe('POST /forecast/generate validation', () => {
  it.each([
    ['a malformed date', { date: '2026-1-1', model_ids: ['model_1'] }],
    ['an impossible date', { date: '2026-02-30', model_ids: ['model_1'] }],
    ['no models', { date: '2026-01-01', model_ids: [] }],
    ['a model list that is not a list', { date: '2026-01-01', model_ids: 'model_1' }],
  ])('answers 422 for %s', async (_what, payload) => {
    const reply = await post('/forecast/generate', payload, admin);
    expect(reply.status).toBe(422);
    expect(reply.body.detail).toMatch(/date|model_ids/);
  });

  it('answers 422 naming an unknown model', async () => {
    const reply = await post('/forecast/generate', { date: dates[0], model_ids: ['model_1', 'model_99'] }, admin);
    expect(reply).toEqual({ status: 422, body: { detail: 'Unknown model(s): model_99' } });
  });

  it('answers 404 for a date without an analysis', async () => {
    const reply = await post('/forecast/generate', { date: '1999-01-01', model_ids: ['model_1'] }, admin);
    expect(reply).toEqual({ status: 404, body: { detail: 'No analysis archived for 1999-01-01' } });
  });
});
