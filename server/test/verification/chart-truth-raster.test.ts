/**
 * A chart is laid on the scoring grid once (verification/chart-truth-raster.ts): a DMI Greenland chart, which judges
 * no cell of the Barents Sea grid and so never gets a record, is not rasterised again by the next scoring pass; a
 * replaced chart (new content) is. Seen without timing: after the first pass the chart's features file is removed,
 * and later passes, which would need it to rasterise the chart, go on as before.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveContext } from '../../src/archive/pipeline.ts';
import { buildChart, inspectChart } from '../../src/icecharts/build-chart.ts';
import { storeChart } from '../../src/icecharts/store-chart.ts';
import { verifyChartTruths } from '../../src/verification/chart-truth.ts';
import { makeApp } from '../helpers.ts';
import { CHART_FIXTURES } from '../icecharts/fixtures.ts';
import { BARENTS_GRID, buildSmallDemo } from './archive-fixture.ts';

const CAPE_FAREWELL = CHART_FIXTURES.find((chart) => chart.name.includes('CapeFarewell'))!;

describe('a chart on the scoring grid', () => {
  it('is rasterised once, however many passes score against it, and again when replaced', async () => {
    const { app } = await makeApp();
    const ctx: ArchiveContext = { db: app.db, dataDir: app.config.dataDir, grid: BARENTS_GRID };
    await buildSmallDemo(ctx, 3, '2014-02-10');
    const built = buildChart(await inspectChart(CAPE_FAREWELL.bytes(), CAPE_FAREWELL.name));
    // Valid on a day the demo's forecasts reach, so each pass has records it would score against it.
    const meta = { source: 'DMI', validTime: '2014-02-11T00:00:00.000Z', originalName: CAPE_FAREWELL.name, replace: false, userId: null };
    const { row } = await storeChart(app.db, ctx.dataDir, built, meta);
    const rasters = join(ctx.dataDir, 'icecharts', 'rasters');

    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(readdirSync(rasters)).toHaveLength(1);
    rmSync(join(ctx.dataDir, row.file));
    expect(existsSync(join(ctx.dataDir, row.file))).toBe(false);
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(readdirSync(rasters)).toHaveLength(1);

    // Replaced by one polygon less: new content, laid out again (its own features are read), kept beside the first.
    await storeChart(app.db, ctx.dataDir, { ...built, features: built.features.slice(1) }, { ...meta, replace: true });
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(readdirSync(rasters)).toHaveLength(2);
  }, 240_000);
});
