/**
 * POST /api/v1/forecast/import: a forecast of another system (MET Norway's ROMS Arctic-20km run) becomes the
 * run of an external model, its +24/+48/+72 h interpolated in time between the file's daily 12 UTC steps,
 * served by /forecast/hist and scored against the analyses.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { seedModels } from '../../../src/cycle/demo-archive.ts';
import { decodeStateFile } from '../../../src/archive/forecast-file.ts';
import { makeApp, signedIn, type Session } from '../../helpers.ts';
import { waitForJob } from '../../jobs/test-app.ts';
import { FIXTURE_SHA256, fixtureBytes } from '../../ingest/fixture-server.ts';
import { multipart } from '../uploads/multipart.ts';
import { calendarFile } from '../../ingest/calendar-files.ts';

function post(app: FastifyInstance, url: string, session: Pick<Session, 'headers'>, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const body = multipart(fields, file);
  return app.inject({ method: 'POST', url, headers: { ...session.headers, 'content-type': body.contentType }, payload: body.payload });
}

const roms = () => ({ name: 'Arctic20_1to5Feb_2016.nc', bytes: fixtureBytes('roms') });

describe('POST /api/v1/forecast/import', () => {
  it('registers an external model whose run is the file’s leads, served by /forecast/hist and scored against the analyses', async () => {
    const { app } = await makeApp();
    await seedModels(app.db);
    const admin = await signedIn(app, 'admin');
    // The analyses of the valid dates, from the same system's steps (12 UTC of each day).
    for (const date of ['2016-02-02', '2016-02-03', '2016-02-04']) {
      const reply = await post(app, '/api/v1/analysis/import', admin, { date }, roms());
      expect((await waitForJob(app, admin.headers, reply.json().job_id, 120_000)).status).toBe('succeeded');
    }
    const reply = await post(app, '/api/v1/forecast/import', admin, { model_id: 'roms_arctic20' }, roms());
    expect(reply.statusCode).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 180_000);
    // forecast_reference_time is 2016-02-01 12 UTC: the forecast date is that day, steps at +12, +36, +60, +84, +108 h.
    expect(job).toMatchObject({
      kind: 'import_forecast',
      status: 'succeeded',
      result: {
        model_id: 'roms_arctic20',
        date: '2016-02-01',
        variables: ['aice', 'hice'],
        sha256: FIXTURE_SHA256.roms,
        leads: [
          { hours: 24, from: { before: 0, after: 1, weight: 0.5 } },
          { hours: 48, from: { before: 1, after: 2, weight: 0.5 } },
          { hours: 72, from: { before: 2, after: 3, weight: 0.5 } },
        ],
        metrics_recomputed: ['roms_arctic20'],
      },
    });

    const hist = await app.inject({ url: '/api/v1/forecast/hist?date=2016-02-01&model_id=roms_arctic20', headers: admin.headers });
    expect(hist.statusCode).toBe(200);
    // Imported again, the run changes under the same URL: revalidated, not immutable.
    expect(hist.headers['cache-control']).toBe('private, no-cache');
    const bytes = new Uint8Array(hist.rawPayload);
    const lead48 = decodeStateFile(bytes, 1);
    expect(lead48.attributes).toMatchObject({ model: 'roms_arctic20', model_type: 'external', source_sha256: FIXTURE_SHA256.roms });
    // +48 h (3 February 00 UTC) is halfway between the 2 and 3 February steps, i.e. between those analyses.
    const a = decodeStateFile(new Uint8Array((await app.inject({ url: '/api/v1/analysis/hist?date=2016-02-02', headers: admin.headers })).rawPayload), 0).state;
    const b = decodeStateFile(new Uint8Array((await app.inject({ url: '/api/v1/analysis/hist?date=2016-02-03', headers: admin.headers })).rawPayload), 0).state;
    let compared = 0;
    for (let k = 0; k < a.concentration.length; k++) {
      if (!Number.isFinite(a.concentration[k]) || !Number.isFinite(b.concentration[k])) continue;
      // Bit rounding keeps concentration to about 0.001 in each file.
      expect(Math.abs(lead48.state.concentration[k] - (a.concentration[k] + b.concentration[k]) / 2)).toBeLessThan(2e-3);
      compared++;
    }
    expect(compared).toBeGreaterThan(1000);

    const models = (await app.inject({ url: '/api/v1/report/model_architecture', headers: admin.headers })).json();
    expect(models).toContainEqual(
      expect.objectContaining({
        model_id: 'roms_arctic20',
        model_type: 'external',
        provenance: expect.objectContaining({ original_name: 'Arctic20_1to5Feb_2016.nc', sha256: FIXTURE_SHA256.roms, date: '2016-02-01' }),
      }),
    );
    // Its runs are imported, never computed.
    const generate = await app.inject({ method: 'POST', url: '/api/v1/forecast/generate', headers: admin.headers, payload: { date: '2016-02-02', model_ids: ['roms_arctic20'] } });
    expect(generate.statusCode).toBe(422);
    expect(generate.json().detail).toBe('External model(s) cannot be run, their forecasts are imported: roms_arctic20');
    const metrics = (await app.inject({ url: '/api/v1/report/model_metrics', headers: admin.headers })).json();
    const scored = metrics.find((m: { model_id: string }) => m.model_id === 'roms_arctic20');
    expect(Object.keys(scored.metrics)).toEqual(expect.arrayContaining(['rmse', 'mae', 'ssim', 'rmse_24h', 'rmse_48h', 'rmse_72h', 'rmse_thickness']));
    // Half a day from the verifying analysis: close, not equal.
    expect(scored.metrics.rmse).toBeGreaterThan(0);
    expect(scored.metrics.rmse).toBeLessThan(0.1);
  }, 300_000);

  it('names the file’s own dates of a model-calendar forecast (360_day) in its message and result', async () => {
    const { app } = await makeApp();
    await seedModels(app.db);
    const admin = await signedIn(app, 'admin');
    // Days 59, 60, 61 of 2020 in 360_day are 2020-02-30, 03-01, 03-02: real 2020-02-29, 03-01, 03-02, the
    // +24/+48/+72 h of a forecast started 2020-02-28.
    const bytes = calendarFile({ units: 'days since 2020-01-01 00:00:00', calendar: '360_day', values: [59, 60, 61] });
    const reply = await post(app, '/api/v1/forecast/import', admin, { model_id: 'model_360', date: '2020-02-28' }, { name: 'model-360.nc', bytes });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 120_000);
    expect(job).toMatchObject({ status: 'succeeded', result: { date: '2020-02-28', file_dates: ['2020-02-30', '2020-03-01', '2020-03-02'], calendar: '360_day' } });
    expect(job.message).toBe(
      'прогноз модели model_360 за 2020-02-28 импортирован из файла model-360.nc (в файле шаги 2020-02-30, 2020-03-01, 2020-03-02, календарь 360_day)',
    );
  }, 180_000);

  it('refuses a file that does not cover the leads, a computed model’s id, a missing model_id; 403 for a user', async () => {
    const { app } = await makeApp();
    await seedModels(app.db);
    const admin = await signedIn(app, 'superuser');
    const single = await post(app, '/api/v1/forecast/import', admin, { model_id: 'nasa' }, { name: 'arctic.nc', bytes: fixtureBytes('nansat') });
    expect(single.statusCode).toBe(422);
    expect(single.json().detail).toBe('файл прогноза не покрывает заблаговременность +24 ч от 1978-11-01 00:00 UTC: шаги файла +0 ч');
    const late = await post(app, '/api/v1/forecast/import', admin, { model_id: 'roms', date: '2016-02-03' }, roms());
    expect(late.statusCode).toBe(422);
    expect(late.json().detail).toMatch(/^файл прогноза не покрывает заблаговременность \+72 ч от 2016-02-03 00:00 UTC: шаги файла -36 ч, -12 ч, \+12 ч, \+36 ч, \+60 ч$/);
    const taken = await post(app, '/api/v1/forecast/import', admin, { model_id: 'model_1' }, roms());
    expect(taken.statusCode).toBe(422);
    expect(taken.json().detail).toBe('Идентификатор model_1 занят моделью типа persistence: выберите другой model_id');
    const unnamed = await post(app, '/api/v1/forecast/import', admin, {}, roms());
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().detail).toMatch(/^Поле model_id обязательно/);
    const user = await signedIn(app, 'user');
    expect((await post(app, '/api/v1/forecast/import', user, { model_id: 'x' }, roms())).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/jobs', headers: admin.headers })).json()).toEqual([]);
  }, 60_000);
});
