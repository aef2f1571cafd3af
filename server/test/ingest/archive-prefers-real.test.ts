/**
 * The archive without a named source works from the newest analysis of a date: a real analysis ingested after
 * the demo one is what the models start from, what /analysis/info lists once, and what metrics score against.
 */
import { describe, expect, it } from 'vitest';
import { analysisDates, ensureAnalysis, runModel } from '../../src/archive/pipeline.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { readLocalFile } from '../../src/ingest/fetch-file.ts';
import { ingestAnalysis } from '../../src/ingest/ingest-analysis.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeApp } from '../helpers.ts';
import { fixturePath } from './fixture-server.ts';

describe('a real analysis over a demo one', () => {
  it('is the state the models start from on its date', async () => {
    const { app, dataDir } = await makeApp();
    await seedModels(app.db);
    const ctx = { db: app.db, dataDir };
    const date = '2026-11-20';
    const demo = await ensureAnalysis(ctx, date);
    expect(demo.owner).toBe('demo_analysis');
    const real = await ingestAnalysis(ctx, [{ product: 'upload', file: await readLocalFile(fixturePath('ease2')) }], {
      datasetId: 'imported_analysis',
      sourceLabel: 'test',
      date,
      userId: null,
    });
    expect((await ensureAnalysis(ctx, date)).owner).toBe('imported_analysis');
    expect(await analysisDates(ctx)).toEqual([date]);

    // Persistence keeps the initial state: its +24 h is the real analysis, not the demo one.
    const run = await runModel(ctx, 'model_1', date, 'assim_forecast');
    const lead24 = decodeStateFile(new Uint8Array(readFileSync(join(dataDir, run.path))), 0).state;
    const analysis = decodeStateFile(new Uint8Array(readFileSync(join(dataDir, real.record.path))), 0).state;
    const demoState = decodeStateFile(new Uint8Array(readFileSync(join(dataDir, demo.path))), 0).state;
    let same = 0;
    let differsFromDemo = 0;
    for (let k = 0; k < analysis.concentration.length; k++) {
      const a = analysis.concentration[k];
      if (!Number.isFinite(a)) continue;
      if (Math.abs(lead24.concentration[k] - a) < 2e-3) same++;
      if (!(Math.abs(demoState.concentration[k] - a) < 2e-3)) differsFromDemo++;
    }
    const valid = analysis.concentration.filter(Number.isFinite).length;
    expect(same).toBe(valid);
    expect(differsFromDemo).toBeGreaterThan(valid / 10);
  }, 60_000);
});
