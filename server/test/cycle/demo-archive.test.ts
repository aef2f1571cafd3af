/**
 * What the demo start warms: the subsets and previews of what a first visitor opens (the default model's two runs
 * of the newest date, the sector's first), not every file it writes; the rest are made when first asked for.
 */
import { describe, expect, it } from 'vitest';
import { buildDemoArchive, firstVisitFiles, forecastStartupTask } from '../../src/cycle/demo-archive.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { setDefaultModel } from '../../src/cycle/daily-models.ts';
import { runStartupTasks } from '../../src/startup.ts';
import { makeApp } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';
import { utcDay } from '../../../common/utc-day.ts';

describe('the files a first visitor opens', () => {
  it('are the default model’s free and assimilated runs of the newest date, region by region', async () => {
    const { app, dataDir } = await makeApp();
    await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 2, '2026-02-10');
    const files = await firstVisitFiles(app.db, dataDir, '2026-02-10', ['sector', 'arctic']);
    expect(files.map((f) => [f.path.slice(dataDir.length + 1), f.region])).toEqual([
      ['forecast-data/forecast/model_2/2026-02-10.nc', 'sector'],
      ['forecast-data/assim_forecast/model_2/2026-02-10.nc', 'sector'],
    ]);
    expect(files[0].etag).toBe((await findFile(app.db, 'forecast', 'model_2', '2026-02-10'))!.etag);
    // The default model's, not any model's: another default with no runs yet has nothing to warm.
    await setDefaultModel(app.db, 'model_1');
    expect(await firstVisitFiles(app.db, dataDir, '2026-02-10', ['sector'])).toEqual([]);
  });

  it('are all the demo start queues for warming: none of the older dates’, none of the analyses’', { timeout: 180_000 }, async () => {
    const { app, dataDir } = await makeApp({ env: { DEMO: '1', DEMO_DAYS: '2', SUBSET_WARM: '1' } });
    await runStartupTasks(app, [forecastStartupTask]);
    const today = utcDay();
    const files = app.subsetWarmer.pending.map((task) => task.split(' ')[0].slice(dataDir.length + 1));
    const forecast = `forecast-data/forecast/model_2/${today}.nc`;
    const assim = `forecast-data/assim_forecast/model_2/${today}.nc`;
    // 30 subsets each (3 leads × 4 fields and the drift pair, full and preview); the first may be under way.
    expect(files.length).toBeGreaterThanOrEqual(59);
    expect(new Set(files)).toEqual(new Set([forecast, assim]));
    expect(files.filter((f) => f === assim)).toHaveLength(30);
    expect(files.lastIndexOf(forecast)).toBeLessThan(files.indexOf(assim));
    await app.subsetWarmer.stop();
  });
});
