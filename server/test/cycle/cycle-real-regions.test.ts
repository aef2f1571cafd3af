/**
 * The daily cycle with a real source in every region (CYCLE_REGIONS), on SQLite and PostgreSQL: a `dir:` inbox's
 * OSI SAF file read once and regridded into the sector and the whole Arctic (coarse grids: a region is a value),
 * the runs of each region from its own analysis with that region's provenance, scored against that region's real
 * analyses; a second run reads nothing; a file
 * of the Beaufort Sea gives the whole Arctic its day and leaves the sector without one, said in the date's message.
 */
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionById, type Region, type RegionId } from '../../../common/regions/index.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { runCycle } from '../../src/cycle/run-cycle.ts';
import { regionsPlan } from './cycle-fixture.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { parseAnalysisSource } from '../../src/ingest/products.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, tempDir } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';
import { SMALL_ARCTIC } from '../regions/small-arctic.ts';
import { fixturePath, FIXTURE_SHA256 } from '../ingest/fixture-server.ts';
import { findProvenance } from '../ingest/provenance.ts';
import { latLonFile } from '../ingest/box-file.ts';

const small = (id: RegionId): Region => (id === 'arctic' ? SMALL_ARCTIC : regionById(id));
const DATE = '2026-11-20';
const BEFORE = '2026-11-19';

async function inboxCycle(engine: (typeof ENGINES)[number], dates = [DATE]) {
  const { app, dataDir } = await makeApp({ database: engine });
  await seedModels(app.db);
  const inbox = tempDir('inbox-');
  const plan = regionsPlan(dates, parseAnalysisSource(`dir:${inbox}`), `${DATE}T07:00:00Z`);
  const ctx = { db: app.db, dataDir, grid: SMALL_GRID };
  const run = () => runCycle(ctx, plan, () => 0, () => undefined, small);
  return { app, ctx, inbox, run };
}

describe.each(ENGINES)('the daily cycle with a real source in each region on %s', (engine) => {
  it('reads the product once, regrids it into both regions, runs each region from its own analysis and scores it there', async () => {
    const { app, ctx, inbox, run } = await inboxCycle(engine, [BEFORE, DATE]);
    for (const date of [BEFORE, DATE]) copyFileSync(fixturePath('ease2'), join(inbox, `osisaf_${date.replaceAll('-', '')}.nc`));
    const result = await run();
    expect(result.dates.map((d) => [d.date, d.status, d.message])).toEqual(
      [BEFORE, DATE].map((date) => [date, 'done', `анализ и прогнозы за ${date} готовы (районы: Карское море и море Лаптевых, Арктика целиком)`]),
    );
    // One read of each date's file for both regions.
    expect(result.inputs.map((input) => [input.date, input.file, input.sha256])).toEqual([
      [BEFORE, 'osisaf_20261119.nc', FIXTURE_SHA256.ease2],
      [DATE, 'osisaf_20261120.nc', FIXTURE_SHA256.ease2],
    ]);
    expect(result.bytes).toBe(2 * 938_044);
    for (const region of ['sector', 'arctic'] as const) {
      const analysis = await findFile(app.db, 'analysis', 'inbox_analysis', DATE, region);
      expect(analysis, region).toBeDefined();
      expect(result.dates[1].files, region).toContain(analysis!.path);
      expect(await findProvenance(app.db, 'analysis', 'inbox_analysis', DATE, region), region).toEqual([
        expect.objectContaining({ region, product: 'inbox', original_name: 'osisaf_20261120.nc', bytes: 938_044 }),
      ]);
      // Each region's runs rest on that region's analysis, and say so in their own provenance.
      for (const kind of ['forecast', 'assim_forecast'] as const) {
        expect(await findFile(app.db, kind, 'model_2', DATE, region), `${region} ${kind}`).toBeDefined();
        expect(await findProvenance(app.db, kind, 'model_2', DATE, region), `${region} ${kind}`).toEqual([
          expect.objectContaining({ region, original_name: 'osisaf_20261120.nc', details: expect.objectContaining({ analysis: { dataset_id: 'inbox_analysis', date: DATE, path: analysis!.path } }) }),
        ]);
      }
    }
    expect(new Set(result.dates[1].files).size).toBe(result.dates[1].files.length);

    // The day before's runs scored in each region against that region's real analysis of the day.
    await verifyArchive(ctx);
    for (const region of ['sector', 'arctic'] as const) {
      const record = await app.db
        .selectFrom('verification_records')
        .select(['truth_label', 'valid_date'])
        .where('region', '=', region)
        .where('model_id', '=', 'model_2')
        .where('run', '=', 'assim_forecast')
        .where('date', '=', BEFORE)
        .where('lead_hours', '=', 24)
        .executeTakeFirst();
      expect(record, region).toEqual({ truth_label: `папка ${inbox}`, valid_date: DATE });
    }

    // Asked again (the inbox emptied meanwhile): every region has its analysis, nothing is read.
    for (const date of [BEFORE, DATE]) rmSync(join(inbox, `osisaf_${date.replaceAll('-', '')}.nc`));
    const again = await run();
    expect(again.dates.map((d) => d.status)).toEqual(['done', 'done']);
    expect(again.inputs).toEqual([]);
  }, 240_000);

  it('a product of the Beaufort Sea gives the whole Arctic its day and the sector none, said in the date’s message', async () => {
    const { app, inbox, run } = await inboxCycle(engine);
    writeFileSync(join(inbox, `beaufort_${DATE}.nc`), latLonFile({ south: 70, north: 78, west: -160, east: -125 }));
    const result = await run();
    expect(result.dates.map((d) => [d.status, d.message])).toEqual([
      ['done', `анализ и прогнозы за ${DATE} готовы (районы: Карское море и море Лаптевых, Арктика целиком); данные источника не покрывают: Карское море и море Лаптевых`],
    ]);
    expect(await findFile(app.db, 'analysis', 'inbox_analysis', DATE, 'arctic')).toBeDefined();
    expect(await findFile(app.db, 'forecast', 'model_2', DATE, 'arctic')).toBeDefined();
    expect(await findFile(app.db, 'analysis', 'inbox_analysis', DATE)).toBeUndefined();
    expect(await findFile(app.db, 'forecast', 'model_2', DATE)).toBeUndefined();
    expect(result.dates[0].timings?.regions.map((r) => r.region)).toEqual(['arctic']);
  }, 240_000);
});
