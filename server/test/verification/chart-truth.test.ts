/**
 * The chart as a truth, on SQLite and PostgreSQL: with a demo archive of 2014-02-08 … 02-10 on a Barents Sea grid
 * and the real AARI chart of 2014-02-11, every model's runs valid on 02-11 are scored against the chart
 * (truth `chart:{id}` labelled 'ААНИИ'), once; the chart's ice mask on the grid and the IIEE agree with an
 * independent computation (pyshp + pyproj + shapely, chart-truth.py); a replaced chart recomputes its records;
 * GET /verification and /verification/summary serve them beside the records against the analyses.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerificationReply, VerificationSummaryReply } from '../../../common/api-types/verification.ts';
import type { ArchiveContext } from '../../src/archive/pipeline.ts';
import { findFile } from '../../src/archive/forecast-repository.ts';
import type { Db } from '../../src/db/database.ts';
import { buildChart, inspectChart, type BuiltChart } from '../../src/icecharts/build-chart.ts';
import { rasteriseChart } from '../../src/icecharts/chart-raster.ts';
import { storeChart } from '../../src/icecharts/store-chart.ts';
import { verifyChartTruths } from '../../src/verification/chart-truth.ts';
import { listChartRecords } from '../../src/verification/chart-truth-repository.ts';
import { readFileFields } from '../../src/verification/forecast-runs.ts';
import { verifyArchive } from '../../src/verification/verify-archive.ts';
import { ENGINES } from '../engines.ts';
import { makeApp, signedIn, tempDir } from '../helpers.ts';
import { AARI } from '../icecharts/fixtures.ts';
import { BARENTS_GRID, buildSmallDemo } from './archive-fixture.ts';

const BARENTS = BARENTS_GRID;
const LAST_FORECAST = '2014-02-10';
const SCRIPT = join(import.meta.dirname, 'chart-truth.py');

let aari: Promise<BuiltChart> | null = null;
/** The AARI chart built once for every case (seconds of CPU). */
const builtAari = () => (aari ??= inspectChart(AARI.bytes(), AARI.name).then((inspected) => buildChart(inspected)));

/** Store the AARI chart as the import job does (`replace` puts it in the place of the one stored). */
async function storeAari(db: Db, dataDir: string, replace = false, edit = (chart: BuiltChart) => chart.features): Promise<number> {
  const chart = await builtAari();
  const meta = { source: 'ААНИИ', validTime: AARI.validTime, originalName: AARI.name, replace, userId: null };
  return (await storeChart(db, dataDir, { ...chart, features: edit(chart) }, meta)).row.id;
}

describe.each(ENGINES)('forecasts scored against an ice chart on %s', (engine) => {
  it('scores every run valid on the chart\'s date once, and GET /verification serves them beside the analyses\'', async () => {
    const { app } = await makeApp({ database: engine });
    const ctx: ArchiveContext = { db: app.db, dataDir: app.config.dataDir, grid: BARENTS };
    await buildSmallDemo(ctx, 3, LAST_FORECAST);
    await verifyArchive(ctx);
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 0, failed: [] });

    const chartId = await storeAari(app.db, ctx.dataDir);
    const first = await verifyChartTruths(ctx);
    // 3 models × 2 runs × the leads valid on 02-11: 02-10 +24, 02-09 +48, 02-08 +72.
    expect(first).toEqual({ computed: 18, unchanged: 0, outside: 0, failed: [] });
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 18, outside: 0, failed: [] });

    const records = await listChartRecords(app.db, { from: '2014-02-01', to: '2014-02-28' });
    expect(records.map((r) => `${r.model_id} ${r.run} ${r.date} +${r.lead_hours}`).sort()).toEqual(
      ['model_1', 'model_2', 'model_3'].flatMap((m) =>
        ['assim_forecast', 'forecast'].flatMap((run) => [`${m} ${run} 2014-02-08 +72`, `${m} ${run} 2014-02-09 +48`, `${m} ${run} 2014-02-10 +24`]),
      ),
    );
    for (const r of records) {
      expect(r).toMatchObject({ chart_id: chartId, valid_date: '2014-02-11', truth_source: `chart:${chartId}`, truth_label: 'ААНИИ', conc_rmse: null, thick_rmse: null });
      expect(r.n_cells).toBeGreaterThan(3000);
      expect(r.iiee_over_km2 + r.iiee_under_km2).toBeCloseTo(r.iiee_km2, 6);
      expect(r.edge_length_km).toBeGreaterThan(500);
      expect(r.edge_distance_km).toBeCloseTo(r.iiee_km2 / r.edge_length_km, 9);
      expect(r.skill_iiee).toBeCloseTo(1 - r.iiee_km2 / r.persistence_iiee_km2!, 9);
    }

    const { cookie } = await signedIn(app, 'user');
    const get = <T>(url: string) => app.inject({ url, headers: { cookie } }).then((reply) => reply.json<T>());
    const { rows } = await get<VerificationReply>('/api/v1/verification?from=2014-02-08&to=2014-02-10');
    const chartRows = rows.filter((row) => row.truth.source === `chart:${chartId}`);
    expect(chartRows.map((row) => [row.date, row.lead_hours, row.valid_date])).toEqual([
      ['2014-02-08', 72, '2014-02-11'],
      ['2014-02-09', 48, '2014-02-11'],
      ['2014-02-10', 24, '2014-02-11'],
    ]);
    expect(chartRows[0]).toMatchObject({ model_id: 'model_2', run: 'forecast', truth: { source: `chart:${chartId}`, label: 'ААНИИ', demo: false } });
    // Against the analyses: 02-08 +24, +48 and 02-09 +24 (the archive's last analysis is of 02-10).
    expect(rows.filter((row) => row.truth.source === 'demo_analysis').length).toBe(3);
    const summary = await get<VerificationSummaryReply>('/api/v1/verification/summary?from=2014-02-08&to=2014-02-10');
    expect(summary.rows.every((row) => row.conc_rmse !== null)).toBe(true);
    const model2 = summary.charts.find((row) => row.model_id === 'model_2' && row.run === 'forecast' && row.lead_hours === 24);
    const record = records.find((r) => r.model_id === 'model_2' && r.run === 'forecast' && r.lead_hours === 24)!;
    expect(model2).toMatchObject({ service: 'ААНИИ', records: 1, iiee_km2: record.iiee_km2, conc_rmse: null });
    expect(summary.charts).toHaveLength(3 * 2 * 3);

    // The chart replaced by one with a polygon less: its records are recomputed, the others stay.
    await storeAari(app.db, ctx.dataDir, true, (chart) => chart.features.slice(1));
    expect(await verifyChartTruths(ctx, { chartIds: [chartId] })).toMatchObject({ computed: 18, unchanged: 0 });
  }, 240_000);
});

describe('the chart on the forecast grid against an independent computation', () => {
  it('gives each cell the truth pyshp + shapely give it, and the same IIEE', async () => {
    const { app } = await makeApp();
    const ctx: ArchiveContext = { db: app.db, dataDir: app.config.dataDir, grid: BARENTS };
    await buildSmallDemo(ctx, 1, LAST_FORECAST);
    await storeAari(app.db, ctx.dataDir);
    await verifyChartTruths(ctx);
    const file = (await findFile(app.db, 'forecast', 'model_2', LAST_FORECAST))!;
    const forecast = (await readFileFields(ctx.dataDir, file)).steps[0].concentration as Float32Array;
    const forecastPath = join(tempDir(), 'forecast.f32');
    writeFileSync(forecastPath, forecast);
    const reference = JSON.parse(execFileSync('/usr/bin/python3', [SCRIPT, AARI.base, JSON.stringify(BARENTS), forecastPath], { encoding: 'utf8', maxBuffer: 1 << 26 })) as {
      mask: (0 | 1 | null)[];
      n_cells: number;
      iiee_over_km2: number;
      iiee_under_km2: number;
    };

    const ours = rasteriseChart((await builtAari()).features, BARENTS);
    const differing = reference.mask.filter((value, k) => (value === null ? ours[k] === ours[k] : ours[k] !== value)).length;
    const kinds = { ice: reference.mask.filter((v) => v === 1).length, water: reference.mask.filter((v) => v === 0).length };
    // The grid holds both ice and water, and cells whose centre lies within rounding (1e-4°) of an edge may differ.
    expect(kinds.ice).toBeGreaterThan(1000);
    expect(kinds.water).toBeGreaterThan(1500);
    expect(differing).toBeLessThanOrEqual(3);

    const [record] = (await listChartRecords(app.db, { modelId: 'model_2', run: 'forecast', from: LAST_FORECAST, to: LAST_FORECAST })).filter((r) => r.lead_hours === 24);
    const area = (k: number) => BARENTS.dlon * BARENTS.dlat * 111.2 * 111.2 * Math.cos((BARENTS.lat0 + k * BARENTS.dlat) * (Math.PI / 180));
    expect(Math.abs(record.n_cells - reference.n_cells)).toBeLessThanOrEqual(differing);
    expect(Math.abs(record.iiee_over_km2 - reference.iiee_over_km2)).toBeLessThanOrEqual(differing * area(0) + 1e-6);
    expect(Math.abs(record.iiee_under_km2 - reference.iiee_under_km2)).toBeLessThanOrEqual(differing * area(0) + 1e-6);
    expect(record.iiee_km2).toBeGreaterThan(0);
  }, 240_000);
});
