/**
 * The built-in models without the demo, DEFAULT_MODEL on /models, and who may read GET /api/v1/cycle.
 */
import { describe, expect, it } from 'vitest';
import { forecastStartupTask } from '../../src/cycle/demo-archive.ts';
import { runStartupTasks } from '../../src/startup.ts';
import { dailyModels } from '../../src/cycle/daily-models.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { call } from '../jobs/test-app.ts';

describe('built-in models and DEFAULT_MODEL', () => {
  it('with DEMO=0 the three built-in models are there, and DEFAULT_MODEL is the default shown on /models', async () => {
    const { app } = await makeApp({ env: { DEMO: '0', DEFAULT_MODEL: 'model_3' } });
    await runStartupTasks(app, [forecastStartupTask]);
    const user = await signedIn(app, 'user');
    const models = (await call(app, { method: 'GET', url: '/api/v1/report/model_architecture', headers: user.headers })).body;
    expect(models.map((m: { model_id: string; model_type: string; is_default: boolean; run_daily: boolean }) => [m.model_id, m.model_type, m.is_default, m.run_daily])).toEqual([
      ['model_1', 'persistence', false, false],
      ['model_2', 'free_drift_advection', false, false],
      ['model_3', 'damped_anomaly', true, true],
    ]);
    // No demo data was made.
    expect(await app.db.selectFrom('forecast_files').select('path').execute()).toEqual([]);
  });

  it('the default stays the advection model unless told, and a mistyped DEFAULT_MODEL stops the start', async () => {
    const { app } = await makeApp();
    await runStartupTasks(app, [forecastStartupTask]);
    const defaults = await app.db.selectFrom('models').select('model_id').where('is_default', '=', 1).execute();
    expect(defaults).toEqual([{ model_id: 'model_2' }]);

    const wrong = await makeApp({ env: { DEFAULT_MODEL: 'model_42' } });
    await expect(runStartupTasks(wrong.app, [forecastStartupTask])).rejects.toThrow('startup task "forecast archive" failed: DEFAULT_MODEL=model_42: no such model');
  });

  it('GET /api/v1/cycle answers admins and superusers only', async () => {
    const { app } = await makeApp();
    expect((await call(app, { method: 'GET', url: '/api/v1/cycle' })).status).toBe(401);
    expect((await call(app, { method: 'GET', url: '/api/v1/cycle', headers: (await signedIn(app, 'user')).headers })).status).toBe(403);
    for (const role of ['admin', 'superuser'] as const) {
      const reply = await call(app, { method: 'GET', url: '/api/v1/cycle', headers: (await signedIn(app, role)).headers });
      expect(reply.status).toBe(200);
      // The demo source's default: no schedule; the window of today and three days before.
      expect(reply.body).toMatchObject({ schedule: 'off', next_run: null, last_run: null, retain_days: 0, last_retention: null });
      expect(reply.body.dates).toHaveLength(4);
    }
  });

  it('PUT /api/v1/cycle/models/{id} marks a model to be run every day (admins only)', async () => {
    const { app } = await makeApp();
    await runStartupTasks(app, [forecastStartupTask]);
    const admin = await signedIn(app, 'admin');
    const put = async (id: string, payload: object, headers = admin.headers) => call(app, { method: 'PUT', url: `/api/v1/cycle/models/${id}`, payload, headers });
    expect((await put('model_3', { run_daily: true }, (await signedIn(app, 'user')).headers)).status).toBe(403);
    expect(await put('model_3', { run_daily: true })).toEqual({ status: 200, body: { model_id: 'model_3', run_daily: true } });
    expect((await put('model_9', { run_daily: true })).status).toBe(404);
    expect((await put('model_3', { run_daily: 'yes' })).status).toBe(422);
    expect(await dailyModels(app.db, 'model_2')).toEqual(['model_2', 'model_3']);
    const models = (await call(app, { method: 'GET', url: '/api/v1/report/model_architecture', headers: admin.headers })).body;
    expect(models.find((m: { model_id: string }) => m.model_id === 'model_3')).toMatchObject({ is_default: false, run_daily: true });
    await put('model_3', { run_daily: false });
    expect(await dailyModels(app.db, 'model_2')).toEqual(['model_2']);
  });
});
