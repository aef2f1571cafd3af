/**
 * The chart as a truth in region `arctic`, on SQLite and PostgreSQL: the real AARI pan-Arctic chart of 2014-02-11
 * against arctic demo forecasts of 2014-02-10 on the arctic plane (EPSG:3413, coarsened to 50 km cells so the demo
 * builds in seconds: a region is a value). The runs valid on 02-11 are scored against the chart on that plane under
 * region `arctic` (truth `chart:{id}`), beside the sector's and apart from them, served by GET /verification and
 * /verification/summary with `region=arctic` only. The chart's ice mask on the plane, the cell areas and the IIEE
 * over/under agree with an independent computation (pyshp + pyproj + shapely, chart-truth.py).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerificationReply, VerificationSummaryReply } from '../../../common/api-types/verification.ts';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import type { ProjectedRegion } from '../../../common/regions/index.ts';
import { buildDay, ensureAnalysis, type ArchiveContext } from '../../src/archive/pipeline.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import { buildChart, inspectChart } from '../../src/icecharts/build-chart.ts';
import { storeChart } from '../../src/icecharts/store-chart.ts';
import { rasteriseChartOnPlane } from '../../src/icecharts/chart-raster-planar.ts';
import { verifyChartTruths } from '../../src/verification/chart-truth.ts';
import { listChartRecords } from '../../src/verification/chart-truth-repository.ts';
import { readFileFields } from '../../src/verification/forecast-runs.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';
import { AARI } from '../icecharts/fixtures.ts';
import { SMALL_ARCTIC, SMALL_ARCTIC_GRID } from '../regions/small-arctic.ts';

/** The arctic grid's outer edges (x −3 850 000 … 3 750 000 m, y 5 850 000 … −5 350 000 m) in 50 km cells. */
const GRID: PlanarGrid = { ...SMALL_ARCTIC_GRID, x0: -3_825_000, dx: 50_000, nx: 152, y0: 5_825_000, dy: -50_000, ny: 224 };
const REGION: ProjectedRegion = { ...SMALL_ARCTIC, shape: [GRID.ny, GRID.nx], grid: GRID };
const DATE = '2014-02-10';
const SCRIPT = join(import.meta.dirname, 'chart-truth.py');

const built = inspectChart(AARI.bytes(), AARI.name).then((inspected) => buildChart(inspected));

async function arcticApp(engine: (typeof ENGINES)[number]) {
  const { app } = await makeApp({ database: engine });
  const ctx: ArchiveContext = { db: app.db, dataDir: app.config.dataDir, region: REGION };
  // The seeded models, the analyses of 02-09 and 02-10, the default model's runs of 02-10: on the arctic plane.
  await seedModels(app.db);
  await ensureAnalysis(ctx, '2014-02-09');
  await buildDay(ctx, DATE);
  const meta = { source: 'ААНИИ', validTime: AARI.validTime, originalName: AARI.name, replace: false, userId: null };
  const chartId = (await storeChart(app.db, ctx.dataDir, await built, meta)).row.id;
  return { app, ctx, chartId };
}

describe.each(ENGINES)('an arctic forecast scored against the AARI chart on %s', (engine) => {
  it('stores records of region arctic, served with region=arctic only, once', async () => {
    const { app, ctx, chartId } = await arcticApp(engine);
    // A pass over every region (the context names none): the sector has no archive here, the Arctic one day.
    const first = await verifyChartTruths({ db: app.db, dataDir: ctx.dataDir });
    expect(first.failed).toEqual([]);
    expect(first.computed).toBeGreaterThan(0);
    expect(await verifyChartTruths({ db: app.db, dataDir: ctx.dataDir })).toMatchObject({ computed: 0, unchanged: first.computed });

    const records = await listChartRecords(app.db, { from: DATE, to: DATE, region: 'arctic' });
    expect(records).toHaveLength(first.computed);
    expect(await listChartRecords(app.db, { from: DATE, to: DATE })).toEqual([]);
    for (const r of records) {
      expect(r).toMatchObject({ region: 'arctic', chart_id: chartId, date: DATE, lead_hours: 24, valid_date: '2014-02-11', truth_source: `chart:${chartId}`, truth_label: 'ААНИИ' });
      expect(r.n_cells).toBeGreaterThan(2000);
      expect(r.n_cells).toBeLessThanOrEqual(GRID.nx * GRID.ny);
      expect(r.iiee_over_km2 + r.iiee_under_km2).toBeCloseTo(r.iiee_km2, 3);
      // The chart's ice edge round the whole Arctic, thousands of km.
      expect(r.edge_length_km).toBeGreaterThan(5000);
    }

    const { cookie } = await signedIn(app, 'user');
    const get = <T>(url: string) => app.inject({ url, headers: { cookie } }).then((reply) => reply.json<T>());
    const period = `from=${DATE}&to=${DATE}`;
    const arctic = await get<VerificationReply>(`/api/v1/verification?${period}&model_id=model_2&region=arctic`);
    const chartRows = arctic.rows.filter((row) => row.truth.source === `chart:${chartId}`);
    const stored = records.find((r) => r.model_id === 'model_2' && r.run === 'forecast')!;
    expect(chartRows).toHaveLength(1);
    expect(chartRows[0]).toMatchObject({ date: DATE, lead_hours: 24, truth: { label: 'ААНИИ', demo: false }, iiee_km2: stored.iiee_km2 });
    const sector = await get<VerificationReply>(`/api/v1/verification?${period}&model_id=model_2`);
    expect(sector.rows.filter((row) => row.truth.source.startsWith('chart:'))).toEqual([]);
    const summary = await get<VerificationSummaryReply>(`/api/v1/verification/summary?${period}&region=arctic`);
    expect(summary.charts.find((row) => row.model_id === 'model_2' && row.run === 'forecast')).toMatchObject({ service: 'ААНИИ', records: 1, iiee_km2: stored.iiee_km2 });
  }, 240_000);
});

describe('the chart on the arctic plane against an independent computation', () => {
  it('gives each cell the truth pyshp + pyproj + shapely give it, and the same IIEE over and under', async () => {
    const { app, ctx } = await arcticApp('sqlite');
    await verifyChartTruths(ctx);
    const file = (await findFile(app.db, 'forecast', 'model_2', DATE, 'arctic'))!;
    const forecast = (await readFileFields(ctx.dataDir, file)).steps[0].concentration as Float32Array;
    expect(forecast.length).toBe(GRID.nx * GRID.ny);
    const forecastPath = join(tempDir(), 'forecast.f32');
    writeFileSync(forecastPath, forecast);
    const output = execFileSync('/usr/bin/python3', [SCRIPT, AARI.base, JSON.stringify(GRID), forecastPath], { encoding: 'utf8', maxBuffer: 1 << 27 });
    const reference = JSON.parse(output) as { mask: (0 | 1 | null)[]; n_cells: number; iiee_over_km2: number; iiee_under_km2: number; areas_km2: number[] };

    const ours = rasteriseChartOnPlane((await built).features, GRID);
    const differing = reference.mask.map((value, k) => (value === null ? ours[k] === ours[k] : ours[k] !== value)).flatMap((differs, k) => (differs ? [k] : []));
    const kinds = { ice: reference.mask.filter((v) => v === 1).length, water: reference.mask.filter((v) => v === 0).length };
    // Ice and water both, round the pole and across 180°; a cell whose centre lies within the chart's rounding of
    // an edge may differ.
    expect(kinds.ice).toBeGreaterThan(1500);
    expect(kinds.water).toBeGreaterThan(300);
    expect(differing.length).toBeLessThanOrEqual(3);

    const [record] = await listChartRecords(app.db, { modelId: 'model_2', run: 'forecast', from: DATE, to: DATE, region: 'arctic' });
    const slack = differing.reduce((sum, k) => sum + reference.areas_km2[k], 0) + 1;
    expect(Math.abs(record.n_cells - reference.n_cells)).toBeLessThanOrEqual(differing.length);
    expect(record.iiee_km2).toBeGreaterThan(0);
    // Cell areas: ours the same quadrilaterals on the same sphere, so within rounding.
    expect(Math.abs(record.iiee_over_km2 - reference.iiee_over_km2)).toBeLessThanOrEqual(slack + reference.iiee_over_km2 * 1e-6);
    expect(Math.abs(record.iiee_under_km2 - reference.iiee_under_km2)).toBeLessThanOrEqual(slack + reference.iiee_under_km2 * 1e-6);
  }, 240_000);
});
