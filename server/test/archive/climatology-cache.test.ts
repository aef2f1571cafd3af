/**
 * damped_anomaly relaxes towards the archive's climatology (the mean of its analyses). When an analysis is
 * replaced (a real one imported over the demo's: same date, newer file), the climatology is that of the analyses
 * as they are now, not of the set of dates it was first computed for.
 */
import { describe, expect, it } from 'vitest';
import { findModel } from '../../src/archive/forecast-repository.ts';
import { analysisDates, archivedAnalysis, forecastFrom, loadAnalysis } from '../../src/archive/pipeline.ts';
import { LEAD_HOURS, type StateGrid } from '../../src/grid/grid.ts';
import type { IceState } from '../../src/grid/ice-state.ts';
import { climatology, runModelType } from '../../src/models/index.ts';
import { makeApp } from '../helpers.ts';
import { buildSmallDemo, replaceAnalysis, smallArchive } from '../verification/archive-fixture.ts';

describe('the damped-anomaly climatology', () => {
  it('follows an analysis replaced under the same date', async () => {
    const { app, dataDir } = await makeApp();
    const ctx = smallArchive(app.db, dataDir);
    const dates = await buildSmallDemo(ctx, 3, '2026-11-20');
    const model = (await findModel(app.db, 'model_3'))!;
    expect(model.model_type).toBe('damped_anomaly');
    const start = dates.at(-1)!;
    const initial = await loadAnalysis(ctx, start);
    const before = await forecastFrom(ctx, model, initial, start);

    await replaceAnalysis(ctx, dates[0]);
    const now: IceState<StateGrid>[] = [];
    for (const date of await analysisDates(ctx)) now.push((await archivedAnalysis(ctx, date))!);
    const expected = runModelType('damped_anomaly', initial, model.hyperparameters, { leadHours: LEAD_HOURS, climatology: climatology(now) });

    const after = await forecastFrom(ctx, model, initial, start);
    const lead72 = LEAD_HOURS.indexOf(72);
    expect(after[lead72].concentration).toEqual(expected[lead72].concentration);
    expect(after[lead72].concentration).not.toEqual(before[lead72].concentration);
  }, 120_000);
});
