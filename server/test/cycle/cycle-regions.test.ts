/**
 * The daily cycle per region (CYCLE_REGIONS), on SQLite and PostgreSQL: each date's files in the sector and in the
 * whole Arctic (a coarse arctic grid: a region is a value), scored in each; GET /api/v1/cycle's `regions`; a
 * region's failure fails the date with its Russian reason naming the region, and leaves the sector's files.
 */
import { describe, expect, it } from 'vitest';
import type { CycleStatus } from '../../../common/api-types/cycle.ts';
import { regionById, type Region, type RegionId } from '../../../common/regions/index.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { runCycle } from '../../src/cycle/run-cycle.ts';
import { regionsPlan } from './cycle-fixture.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, signedIn } from '../helpers.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';
import { SMALL_ARCTIC } from '../regions/small-arctic.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

const small = (id: RegionId): Region => (id === 'arctic' ? SMALL_ARCTIC : regionById(id));

async function regionsCycle(engine: (typeof ENGINES)[number], regionOf = small) {
  const { app, dataDir } = await makeApp({ database: engine, env: { CYCLE_REGIONS: 'sector,arctic' } });
  const today = utcDay();
  const plan = regionsPlan([addDays(today, -1), today], { kind: 'demo' });
  const ctx = { db: app.db, dataDir, grid: SMALL_GRID };
  await seedModels(app.db);
  const result = await runCycle(ctx, plan, () => 0, () => undefined, regionOf);
  const { cookie } = await signedIn(app, 'admin');
  const status = async () => (await app.inject({ url: '/api/v1/cycle', headers: { cookie } })).json<CycleStatus>();
  return { app, ctx, today, result, status };
}

describe.each(ENGINES)('the daily cycle per region on %s', (engine) => {
  it("builds each date in the sector and the whole Arctic, scores each, and reports each region's dates", async () => {
    const { app, ctx, today, result, status } = await regionsCycle(engine);
    expect(result.dates.map((d) => [d.date, d.status, d.message])).toEqual(
      [addDays(today, -1), today].map((date) => [date, 'done', `анализ и прогнозы за ${date} готовы (районы: Карское море и море Лаптевых, Арктика целиком)`]),
    );
    for (const date of [addDays(today, -1), today]) {
      for (const region of ['sector', 'arctic'] as const) {
        expect(await findFile(app.db, 'analysis', 'demo_analysis', date, region), `${region} ${date}`).toBeDefined();
        for (const kind of ['forecast', 'assim_forecast'] as const) expect(await findFile(app.db, kind, 'model_2', date, region), `${region} ${kind} ${date}`).toBeDefined();
      }
    }
    expect(result.dates[1].files.filter((path) => path.endsWith('.arctic.nc'))).toHaveLength(3);
    await verifyArchive(ctx);

    const reply = await status();
    expect(reply.regions.map((r) => [r.id, r.name])).toEqual([['sector', 'Карское море и море Лаптевых'], ['arctic', 'Арктика целиком']]);
    // The sector's entry is `dates`, as before the regions.
    expect(reply.regions[0].dates).toEqual(reply.dates);
    const arctic = reply.regions[1].dates;
    expect(arctic.map((d) => d.date)).toEqual(reply.dates.map((d) => d.date));
    expect(arctic.slice(-2)).toEqual([
      { date: addDays(today, -1), analysis: true, forecasts: 2, verification: true, status: 'done', message: null },
      { date: today, analysis: true, forecasts: 2, verification: false, status: 'done', message: null },
    ]);
    expect(arctic[0]).toMatchObject({ date: addDays(today, -3), analysis: false, forecasts: 0, status: 'pending' });
  });

  it("fails a date whose region's step fails, with the reason naming the region; the sector's files stay", async () => {
    // A region whose plane proj4 cannot make: its analysis cannot be computed.
    const broken = (id: RegionId): Region => (id === 'arctic' ? { ...SMALL_ARCTIC, proj4: '+proj=nosuch', grid: { ...SMALL_ARCTIC.grid, proj4: '+proj=nosuch' } } : regionById(id));
    const { app, today, result, status } = await regionsCycle(engine, broken);
    for (const outcome of result.dates) {
      expect(outcome.status).toBe('failed');
      expect(outcome.message).toMatch(new RegExp(`^Арктика целиком: Не удалось построить анализ и прогнозы за ${outcome.date}: `));
    }
    expect(await findFile(app.db, 'forecast', 'model_2', today)).toBeDefined();
    const reply = await status();
    expect(reply.regions[1].dates.at(-1)).toMatchObject({ date: today, analysis: false, status: 'failed', message: result.dates[1].message });
    // The sector's files are there, the date failed (the next run takes it up again and finds them).
    expect(reply.dates.at(-1)).toMatchObject({ date: today, analysis: true, forecasts: 2, status: 'failed' });
  });
});
