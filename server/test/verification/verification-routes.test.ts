/**
 * GET /api/v1/verification and /verification/summary through the app (inject), on SQLite and PostgreSQL:
 * defaults, ordering, errors, the truth's label, the summary's means, share and SPS, the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import type { VerificationReply, VerificationSummaryReply } from '../../../common/api-types/verification.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { buildSmallDemo, smallArchive } from './archive-fixture.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

async function verifiedApp(engine: (typeof ENGINES)[number]) {
  const { app } = await makeApp({ database: engine });
  const ctx = smallArchive(app.db, app.config.dataDir);
  const today = utcDay();
  await buildSmallDemo(ctx, 5, today);
  await verifyArchive(ctx);
  const { cookie } = await signedIn(app, 'user');
  const get = (url: string, withCookie = true) => app.inject({ url, headers: withCookie ? { cookie } : {} });
  return { app, today, get };
}

describe.each(ENGINES)('verification routes on %s', (engine) => {
  it('rows of the default model\'s free run over the last 30 days, by date then lead, with the demo truth named', async () => {
    const { today, get } = await verifiedApp(engine);
    const response = await get('/api/v1/verification');
    expect(response.statusCode).toBe(200);
    const { rows } = response.json<VerificationReply>();
    // Start dates today−4 … today−1: 3 + 3 + 2 + 1 leads have an analysis on their valid date.
    expect(rows.map((r) => [r.date, r.lead_hours])).toEqual([
      [addDays(today, -4), 24], [addDays(today, -4), 48], [addDays(today, -4), 72],
      [addDays(today, -3), 24], [addDays(today, -3), 48], [addDays(today, -3), 72],
      [addDays(today, -2), 24], [addDays(today, -2), 48],
      [addDays(today, -1), 24],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ model_id: 'model_2', run: 'forecast', truth: { source: 'demo_analysis', label: 'демонстрационные данные', demo: true } });
      expect(Object.keys(row).sort()).toEqual(
        ['date', 'lead_hours', 'valid_date', 'model_id', 'run', 'truth', 'n_cells', 'iiee_km2', 'iiee_over_km2', 'iiee_under_km2', 'edge_length_km',
          'edge_distance_km', 'conc_rmse', 'conc_mae', 'conc_bias', 'thick_rmse', 'thick_bias', 'persistence_iiee_km2', 'persistence_conc_rmse',
          'skill_iiee', 'skill_conc_rmse'].sort(),
      );
      expect(row.skill_iiee).toBeCloseTo(1 - row.iiee_km2 / row.persistence_iiee_km2!, 9);
    }
  });

  it('chooses model, run and period; answers 404, 422 and 401 with {detail}', async () => {
    const { today, get } = await verifiedApp(engine);
    const chosen = (await get(`/api/v1/verification?model_id=model_1&run=assim_forecast&from=${addDays(today, -3)}&to=${addDays(today, -3)}`)).json<VerificationReply>();
    expect(chosen.rows.map((r) => [r.model_id, r.run, r.date, r.lead_hours])).toEqual([24, 48, 72].map((h) => ['model_1', 'assim_forecast', addDays(today, -3), h]));
    expect((await get(`/api/v1/verification?from=${addDays(today, -60)}&to=${addDays(today, -31)}`)).json()).toEqual({ rows: [] });

    const unknown = await get('/api/v1/verification?model_id=model_99');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain('model_99');
    for (const query of ['from=2026-13-01', 'to=yesterday', `from=${today}&to=${addDays(today, -1)}`, 'run=free', 'model_id=../x']) {
      const bad = await get(`/api/v1/verification?${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json().detail, query).toBeTypeOf('string');
    }
    const anonymous = await get('/api/v1/verification', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Unauthorized' });
    expect((await get('/api/v1/verification/summary', false)).statusCode).toBe(401);
    expect((await get('/api/v1/verification/summary?from=2026-02-30')).statusCode).toBe(422);
  });

  it('summary: per model, run and lead the means, the share better than persistence, and the SPS per date and lead', async () => {
    const { today, get } = await verifiedApp(engine);
    const rows = (await get('/api/v1/verification?model_id=model_3')).json<VerificationReply>().rows;
    const summary = (await get('/api/v1/verification/summary')).json<VerificationSummaryReply>();
    expect(summary).toMatchObject({ from: addDays(today, -29), to: today });
    expect(summary.rows.map((r) => `${r.model_id} ${r.run} ${r.lead_hours} ${r.records}`)).toEqual(
      ['model_1', 'model_2', 'model_3'].flatMap((m) => ['forecast', 'assim_forecast'].flatMap((run) => [`${m} ${run} 24 4`, `${m} ${run} 48 3`, `${m} ${run} 72 2`])),
    );
    const lead24 = rows.filter((r) => r.lead_hours === 24);
    const entry = summary.rows.find((r) => r.model_id === 'model_3' && r.run === 'forecast' && r.lead_hours === 24)!;
    expect(entry.iiee_km2).toBeCloseTo(lead24.reduce((s, r) => s + r.iiee_km2, 0) / 4, 6);
    expect(entry.conc_rmse).toBeCloseTo(lead24.reduce((s, r) => s + r.conc_rmse!, 0) / 4, 9);
    expect(entry.beats_persistence_share).toBe(lead24.filter((r) => r.iiee_km2 < r.persistence_iiee_km2!).length / 4);
    // Persistence itself never beats persistence.
    expect(summary.rows.find((r) => r.model_id === 'model_1' && r.run === 'assim_forecast' && r.lead_hours === 48)!.beats_persistence_share).toBe(0);
    expect(summary.sps.map((s) => [s.date, s.lead_hours, s.members])).toEqual([
      [addDays(today, -4), 24, 2], [addDays(today, -4), 48, 2], [addDays(today, -4), 72, 2],
      [addDays(today, -3), 24, 2], [addDays(today, -3), 48, 2], [addDays(today, -3), 72, 2],
      [addDays(today, -2), 24, 2], [addDays(today, -2), 48, 2],
      [addDays(today, -1), 24, 2],
    ]);
    for (const s of summary.sps) expect(s.sps_km2).toBeGreaterThan(0);
  });

  it('/report/model_metrics keeps its hindcast names, and its IIEE and skill per lead are /verification/summary\'s for the run and period it names', async () => {
    const { get } = await verifiedApp(engine);
    const reply = (await get('/api/v1/report/model_metrics')).json<{ model_id: string; metrics: Record<string, number>; verification?: { run: string; from: string; to: string } }[]>();
    const summary = (await get('/api/v1/verification/summary')).json<VerificationSummaryReply>();
    expect(reply.map((m) => m.model_id)).toEqual(['model_1', 'model_2', 'model_3']);
    for (const { model_id, metrics, verification } of reply) {
      for (const name of ['rmse', 'mae', 'ssim', 'rmse_24h', 'iiee_24h', 'iiee_48h', 'iiee_72h', 'skill_iiee_24h', 'skill_iiee_48h', 'skill_iiee_72h']) {
        expect(metrics[name], `${model_id} ${name}`).toBeTypeOf('number');
      }
      // The card says which run and period it scores: the run started from the analysis (as the hindcasts are),
      // over the verification page's default period.
      expect(verification).toEqual({ run: 'assim_forecast', from: summary.from, to: summary.to });
      for (const lead of [24, 48, 72]) {
        const row = summary.rows.find((r) => r.model_id === model_id && r.run === 'assim_forecast' && r.lead_hours === lead)!;
        expect(metrics[`iiee_${lead}h`]).toBe(row.iiee_km2);
        expect(metrics[`skill_iiee_${lead}h`]).toBe(row.skill_iiee);
      }
      const rows = (await get(`/api/v1/verification?model_id=${model_id}&run=assim_forecast`)).json<VerificationReply>().rows.filter((r) => r.lead_hours === 48);
      expect(metrics.iiee_48h).toBeCloseTo(rows.reduce((sum, r) => sum + r.iiee_km2, 0) / rows.length, 6);
    }
  });

  it('/report/model_metrics leaves out records older than the period the card names', async () => {
    const { app, get } = await verifiedApp(engine);
    const before = (await get('/api/v1/report/model_metrics')).json<{ model_id: string; metrics: Record<string, number> }[]>();
    // A record of a start date before the period (kept for the record of skill, not the card's mean).
    const old = await app.db.selectFrom('verification_records').selectAll().where('model_id', '=', 'model_2').where('run', '=', 'assim_forecast').where('lead_hours', '=', 24).executeTakeFirstOrThrow();
    await app.db.insertInto('verification_records').values({ ...old, date: addDays(utcDay(), -45), valid_date: addDays(utcDay(), -44), iiee_km2: 1e9 }).execute();
    const after = (await get('/api/v1/report/model_metrics')).json<{ model_id: string; metrics: Record<string, number> }[]>();
    expect(after.find((m) => m.model_id === 'model_2')!.metrics.iiee_24h).toBe(before.find((m) => m.model_id === 'model_2')!.metrics.iiee_24h);
  });

  it('is in the OpenAPI document with its schemas', async () => {
    const { get } = await verifiedApp(engine);
    const document = (await get('/api/v1/openapi.json')).json();
    const rows = document.paths['/api/v1/verification'].get;
    expect(rows.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'model_id', 'region', 'run', 'to']);
    expect(Object.keys(rows.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422']));
    const row = rows.responses['200'].content['application/json'].schema.properties.rows.items;
    expect(row.required).toEqual(expect.arrayContaining(['truth', 'iiee_km2', 'skill_iiee', 'edge_distance_km']));
    const summary = document.paths['/api/v1/verification/summary'].get.responses['200'].content['application/json'].schema;
    expect(summary.properties.rows.items.required).toContain('beats_persistence_share');
    expect(summary.properties.sps.items.required).toContain('sps_km2');
  });
});
