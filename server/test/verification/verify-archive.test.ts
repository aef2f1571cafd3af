/**
 * verifyArchive on a small demo archive, on SQLite and PostgreSQL: one record per model, run, date and lead
 * whose valid date has an analysis; nothing recomputed on a second call; a replaced analysis recomputes exactly
 * the records scored against it and names the new truth.
 */
import { describe, expect, it } from 'vitest';
import { runModel } from '../../src/archive/pipeline.ts';
import { insertModel } from '../../src/archive/forecast-repository.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { listEnsembles, listRecords } from '../../src/verification/verification-repository.ts';
import { ENGINES, freshDb } from '../engines.ts';
import { tempDir } from '../helpers.ts';
import { buildSmallDemo, replaceAnalysis, smallArchive } from './archive-fixture.ts';
import { addDays } from '../../../common/utc-day.ts';

const LAST = '2026-02-10';

describe.each(ENGINES)('verifyArchive on %s', (engine) => {
  it('scores every run of every model whose valid date has an analysis, once', async () => {
    const db = await freshDb(engine);
    const ctx = smallArchive(db, tempDir());
    const dates = await buildSmallDemo(ctx, 3, LAST);
    const first = await verifyArchive(ctx);
    // 3 models × 2 runs × (2 leads of 02-08 + 1 of 02-09; 02-10's valid dates have no analysis yet).
    expect(first).toMatchObject({ computed: 18, unchanged: 0, failed: [] });
    const records = await listRecords(db, { from: dates[0], to: LAST });
    expect(records.map((r) => `${r.model_id} ${r.run} ${r.date} +${r.lead_hours}`).sort()).toEqual(
      ['model_1', 'model_2', 'model_3'].flatMap((m) =>
        ['assim_forecast', 'forecast'].flatMap((run) => [`${m} ${run} 2026-02-08 +24`, `${m} ${run} 2026-02-08 +48`, `${m} ${run} 2026-02-09 +24`]),
      ),
    );
    for (const r of records) {
      expect(r.valid_date).toBe(addDays(r.date, r.lead_hours / 24));
      expect(r).toMatchObject({ truth_source: 'demo_analysis', truth_label: 'демонстрационные данные' });
      expect(r.n_cells).toBeGreaterThan(1000);
      expect(r.iiee_over_km2 + r.iiee_under_km2).toBeCloseTo(r.iiee_km2, 6);
      expect(r.conc_rmse).toBeGreaterThanOrEqual(r.conc_mae!);
      expect(r.thick_rmse).toBeTypeOf('number');
      expect(r.persistence_iiee_km2).toBeTypeOf('number');
    }
    // Persistence (model_1) run from the analysis of its date is the persistence forecast itself.
    const persistence = records.find((r) => r.model_id === 'model_1' && r.run === 'assim_forecast' && r.lead_hours === 24)!;
    expect(persistence.iiee_km2).toBeCloseTo(persistence.persistence_iiee_km2!, 6);
    expect(persistence.conc_rmse).toBeCloseTo(persistence.persistence_conc_rmse!, 6);
    // The ensemble of 02-08 holds the default model's two files.
    expect(await listEnsembles(db, dates[0], LAST)).toEqual([
      expect.objectContaining({ date: '2026-02-08', lead_hours: 24, valid_date: '2026-02-09', members: 2 }),
      expect.objectContaining({ date: '2026-02-08', lead_hours: 48, valid_date: '2026-02-10', members: 2 }),
      expect.objectContaining({ date: '2026-02-09', lead_hours: 24, valid_date: '2026-02-10', members: 2 }),
    ]);

    const again = await verifyArchive(ctx);
    expect(again).toMatchObject({ computed: 0, unchanged: 18, ensembles: 0 });
  });

  it('recomputes the records of a replaced analysis, and only those', async () => {
    const db = await freshDb(engine);
    const ctx = smallArchive(db, tempDir());
    await buildSmallDemo(ctx, 3, LAST);
    await verifyArchive(ctx);
    const before = await listRecords(db, { from: '2026-02-01', to: LAST });
    await replaceAnalysis(ctx, LAST);
    const result = await verifyArchive(ctx);
    // Valid on 02-10: 02-08 +48 and 02-09 +24, for 3 models × 2 runs; both ensembles of those too; and the
    // other two runs of damped_anomaly (model_3), whose climatology is the mean of every analysis.
    expect(result).toMatchObject({ computed: 14, unchanged: 4, ensembles: 2 });
    const after = await listRecords(db, { from: '2026-02-01', to: LAST });
    for (const record of after) {
      const old = before.find((r) => r.model_id === record.model_id && r.run === record.run && r.date === record.date && r.lead_hours === record.lead_hours)!;
      if (record.valid_date === LAST) {
        expect(record).toMatchObject({ truth_source: 'inbox_analysis', truth_label: 'test inbox analysis' });
        expect(record.analysis_id).not.toBe(old.analysis_id);
        // 0.2 less ice everywhere: the forecasts now have too much.
        expect(record.conc_bias!).toBeGreaterThan(old.conc_bias!);
      } else if (record.model_id === 'model_3') {
        expect(record.forecast_id).not.toBe(old.forecast_id);
        expect(record).toMatchObject({ truth_source: 'demo_analysis', analysis_id: old.analysis_id });
      } else {
        expect(record).toEqual(old);
      }
    }
  });

  it('scores a model without files on the run runModel would write, and rescoring the written file changes nothing but its identity', async () => {
    const db = await freshDb(engine);
    const ctx = smallArchive(db, tempDir());
    await buildSmallDemo(ctx, 3, LAST);
    await verifyArchive(ctx);
    const computed = await listRecords(db, { modelId: 'model_3', from: '2026-02-08', to: '2026-02-09' });
    expect(computed.every((r) => r.forecast_id.startsWith('computed:'))).toBe(true);
    // Written now: the free run of 02-08 (from the analysis of 02-07 run 24 h), then 02-09 (from the file of 02-08).
    for (const date of ['2026-02-08', '2026-02-09']) for (const kind of ['forecast', 'assim_forecast'] as const) await runModel(ctx, 'model_3', date, kind);
    expect(await verifyArchive(ctx, { modelIds: ['model_3'] })).toMatchObject({ computed: 6, unchanged: 0 });
    const written = await listRecords(db, { modelId: 'model_3', from: '2026-02-08', to: '2026-02-09' });
    expect(written.map((r) => [r.run, r.date, r.lead_hours])).toEqual(computed.map((r) => [r.run, r.date, r.lead_hours]));
    for (const [k, record] of written.entries()) {
      expect(record.forecast_id).toMatch(/^"(assim_)?forecast-model_3-/);
      // The free run of 02-09 now starts from the file of 02-08 (a chain), no longer from the analysis of 02-08.
      if (record.run === 'forecast' && record.date === '2026-02-09') continue;
      // The files are bit-rounded (concentration to 0.001): the scores move by less than that.
      expect(Math.abs(record.conc_rmse! - computed[k].conc_rmse!)).toBeLessThan(1e-3);
      expect(Math.abs(record.iiee_km2 - computed[k].iiee_km2)).toBeLessThanOrEqual(0.005 * computed[k].iiee_km2 + 1e-6);
    }
  });

  it("judges a generated model against its dataset's analyses when the archive has them, else the archive's", async () => {
    const db = await freshDb(engine);
    const ctx = smallArchive(db, tempDir());
    await buildSmallDemo(ctx, 3, LAST);
    await insertModel(db, { model_id: 'demo_judged', model_type: 'persistence', hyperparameters: {}, is_default: false });
    await insertModel(db, { model_id: 'no_analyses', model_type: 'persistence', hyperparameters: {}, is_default: false });
    await db.updateTable('models').set({ dataset_id: 'demo_analysis' }).where('model_id', '=', 'demo_judged').execute();
    await db.updateTable('models').set({ dataset_id: 'empty_dataset' }).where('model_id', '=', 'no_analyses').execute();
    // A newer analysis of another source for 02-09 and 02-10: the archive's truth of those dates.
    await replaceAnalysis(ctx, '2026-02-09');
    await replaceAnalysis(ctx, LAST);
    await verifyArchive(ctx);
    const truths = async (modelId: string) =>
      (await listRecords(db, { modelId, run: 'assim_forecast', from: '2026-02-08', to: LAST })).map((r) => [r.date, r.lead_hours, r.truth_source]);
    expect(await truths('demo_judged')).toEqual([
      ['2026-02-08', 24, 'demo_analysis'],
      ['2026-02-08', 48, 'demo_analysis'],
      ['2026-02-09', 24, 'demo_analysis'],
    ]);
    const archiveTruths = [
      ['2026-02-08', 24, 'inbox_analysis'],
      ['2026-02-08', 48, 'inbox_analysis'],
      ['2026-02-09', 24, 'inbox_analysis'],
    ];
    expect(await truths('no_analyses')).toEqual(archiveTruths);
    expect(await truths('model_1')).toEqual(archiveTruths);
  });
});
