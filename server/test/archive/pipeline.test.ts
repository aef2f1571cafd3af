import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { availableDates, loadAnalysis, runModel, type ArchiveContext } from '../../src/archive/pipeline.ts';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { listModels, modelMetrics } from '../../src/archive/forecast-repository.ts';
import { recomputeMetrics } from '../../src/verification/hindcast-metrics.ts';
import { errorScores } from '../../../common/verification/hindcast-scores.ts';
import { tempDir } from '../helpers.ts';
import { ncdump } from '../../../netcdf/test/ncdump.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';
import { addDays } from '../../../common/utc-day.ts';


async function context(): Promise<ArchiveContext> {
  const dataDir = tempDir('ice-archive-');
  const db = await openDatabase(dataDir);
  onTestFinished(() => db.destroy());
  return { db, dataDir, grid: SMALL_GRID };
}

async function read(ctx: ArchiveContext, rel: string, lead: number) {
  const bytes = await readFile(join(ctx.dataDir, rel));
  return decodeStateFile(new Uint8Array(bytes), lead);
}

describe('forecast archive', () => {
  it('builds the last days once: analyses, forecasts and metrics for the seeded models', async () => {
    const ctx = await context();
    const result = await buildDemoArchive(ctx, 3, '2026-02-10');
    expect(result.dates).toEqual(['2026-02-08', '2026-02-09', '2026-02-10']);
    expect(await availableDates(ctx)).toEqual(result.dates);
    expect((await listModels(ctx.db)).map((m) => [m.model_id, m.model_type, m.is_default])).toEqual([
      ['model_1', 'persistence', false],
      ['model_2', 'free_drift_advection', true],
      ['model_3', 'damped_anomaly', false],
    ]);

    const path = join(ctx.dataDir, 'forecast-data/forecast/model_2/2026-02-09.nc');
    const header = ncdump(['-h', path]);
    expect(header).toContain(':assimilated = "no"');
    expect(header).toContain(':model = "model_2"');
    expect(ncdump(['-h', join(ctx.dataDir, 'forecast-data/assim_forecast/model_2/2026-02-09.nc')])).toContain(':assimilated = "yes"');

    // Nothing is regenerated on a second start.
    const before = statSync(path).mtimeMs;
    const again = await recomputeMetrics(ctx);
    await buildDemoArchive(ctx, 3, '2026-02-10');
    expect(statSync(path).mtimeMs).toBe(before);
    expect(again.recomputed).toEqual([]);

    const metrics = await modelMetrics(ctx.db);
    for (const id of ['model_1', 'model_2', 'model_3']) {
      const m = metrics.get(id)!;
      for (const name of ['rmse', 'mae', 'ssim', 'rmse_24h', 'rmse_48h', 'mae_thickness', 'ssim_speed']) expect(m[name]).toBeTypeOf('number');
      expect(m.rmse).toBeGreaterThan(0);
      expect(m.ssim).toBeLessThanOrEqual(1);
    }
  });

  it('computes the same metrics in a worker thread beside the forecasts', async () => {
    const inline = await context();
    await buildDemoArchive(inline, 2, '2026-02-10');
    const threaded = await context();
    await buildDemoArchive(threaded, 2, '2026-02-10', { metricsInThread: true });
    expect(await modelMetrics(threaded.db)).toEqual(await modelMetrics(inline.db));
    expect(await availableDates(threaded)).toEqual(['2026-02-09', '2026-02-10']);
  });

  it('runs the free forecast from the previous forecast, and the assimilated one from the analysis', async () => {
    const ctx = await context();
    await buildDemoArchive(ctx, 3, '2026-02-10');
    const date = '2026-02-10';
    const previous = await read(ctx, 'forecast-data/forecast/model_2/2026-02-09.nc', 0); // +24h, valid on the 10th
    const free = await read(ctx, `forecast-data/forecast/model_2/${date}.nc`, 0);
    const assim = await read(ctx, `forecast-data/assim_forecast/model_2/${date}.nc`, 0);
    const analysisNow = await loadAnalysis(ctx, date);
    const truth = await loadAnalysis(ctx, addDays(date, 1));

    // The free run continues the previous run: its +24h is that state advected one more day, not the analysis.
    expect(errorScores(free.state.concentration, previous.state.concentration).rmse).toBeGreaterThan(0);
    // The assimilated run is closer to the analysis of its valid date than the free run.
    const freeError = errorScores(free.state.concentration, truth.concentration).rmse;
    const assimError = errorScores(assim.state.concentration, truth.concentration).rmse;
    expect(assimError).toBeLessThan(freeError);
    expect(analysisNow.grid).toEqual(SMALL_GRID);
  });

  it('runs any model for a date on demand, and recomputes metrics when the archive grows', async () => {
    const ctx = await context();
    await buildDemoArchive(ctx, 2, '2026-02-10');
    const file = await runModel(ctx, 'model_3', '2026-02-10', 'assim_forecast');
    expect(file.path).toBe('forecast-data/assim_forecast/model_3/2026-02-10.nc');
    expect(ncdump(['-h', join(ctx.dataDir, file.path)])).toContain(':model_type = "damped_anomaly"');
    await expect(runModel(ctx, 'model_99', '2026-02-10')).rejects.toThrow(/unknown model/);

    await buildDemoArchive(ctx, 3, '2026-02-11');
    const result = await recomputeMetrics(ctx);
    expect(result.recomputed).toEqual([]); // buildDemoArchive already recomputed them for the new day
    expect(await availableDates(ctx)).toEqual(['2026-02-09', '2026-02-10', '2026-02-11']);
  });
});
