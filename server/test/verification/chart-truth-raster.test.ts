/**
 * A chart is laid on the scoring grid once (verification/chart-truth-raster.ts): a DMI Greenland chart, which judges
 * no cell of the Barents Sea grid and so never gets a record, is not rasterised again by the next scoring pass; a
 * replaced chart (new content) is. Counted by a spy on the rasteriser, not by time.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ArchiveContext } from '../../src/archive/pipeline.ts';
import { buildChart, inspectChart } from '../../src/icecharts/build-chart.ts';
import { rasteriseChart } from '../../src/icecharts/chart-raster.ts';
import { storeChart } from '../../src/icecharts/store-chart.ts';
import { verifyChartTruths } from '../../src/verification/chart-truth.ts';
import { makeApp } from '../helpers.ts';
import { CHART_FIXTURES } from '../icecharts/fixtures.ts';
import { BARENTS_GRID, buildSmallDemo } from './archive-fixture.ts';

vi.mock('../../src/icecharts/chart-raster.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/icecharts/chart-raster.ts')>();
  return { ...original, rasteriseChart: vi.fn(original.rasteriseChart) };
});

const CAPE_FAREWELL = CHART_FIXTURES.find((chart) => chart.name.includes('CapeFarewell'))!;

describe('a chart on the scoring grid', () => {
  it('is rasterised once, however many passes score against it, and again when replaced', async () => {
    const { app } = await makeApp();
    const ctx: ArchiveContext = { db: app.db, dataDir: app.config.dataDir, grid: BARENTS_GRID };
    await buildSmallDemo(ctx, 3, '2014-02-10');
    const built = buildChart(await inspectChart(CAPE_FAREWELL.bytes(), CAPE_FAREWELL.name));
    // Valid on a day the demo's forecasts reach, so each pass has records it would score against it.
    const meta = { source: 'DMI', validTime: '2014-02-11T00:00:00.000Z', originalName: CAPE_FAREWELL.name, replace: false, userId: null };
    await storeChart(app.db, ctx.dataDir, built, meta);
    const rasterised = vi.mocked(rasteriseChart);
    rasterised.mockClear();

    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(rasterised).toHaveBeenCalledTimes(1);
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(rasterised).toHaveBeenCalledTimes(1);

    await storeChart(app.db, ctx.dataDir, { ...built, features: built.features.slice(1) }, { ...meta, replace: true });
    expect(await verifyChartTruths(ctx)).toEqual({ computed: 0, unchanged: 0, outside: 1, failed: [] });
    expect(rasterised).toHaveBeenCalledTimes(2);
  }, 240_000);
});
