import { describe, expect, it } from 'vitest';
import { chartCollection, chartFeature, chartSummary } from '../../../testing/chart-polygons.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { chartForDate } from './chart-choice.ts';
import { ChartLoader } from './chart-loader.ts';
import { ChartService } from '../../../../workers/chart/chart-service.ts';
import { createChartClient } from '../../../../workers/chart-client.ts';
import { chartFromSearch, searchFromChart, validateChartSearch } from './chart-search.ts';

const info = chartSummary;

const square = (size: number) =>
  chartCollection(info(1, '2014-02-11T00:00:00Z'), [chartFeature(0, [[0, 70], [size, 70], [size, 70 + size], [0, 70 + size], [0, 70]], { CT: '92' })]);

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('which chart goes with a date', () => {
  it('takes the newest chart valid by the end of the date, never a later one', () => {
    const charts = [info(1, '2014-02-04T00:00:00Z'), info(2, '2014-02-11T12:00:00Z'), info(3, '2014-02-12T00:00:00Z')];
    expect(chartForDate(charts, '2014-02-11')?.id).toBe(2);
    expect(chartForDate(charts, '2014-02-10')?.id).toBe(1);
    expect(chartForDate(charts, '2014-02-01')).toBeNull();
    expect(chartForDate(charts, '2014-03-20')).toBeNull(); // weeks old: not the ice of that date
  });
});

describe('the chart loader', () => {
  it('says there is no chart for the date', async () => {
    const store = createForecastMapStore();
    store.getState().applySelection({ date: '2026-11-20' });
    const stop = new ChartLoader({ store, listCharts: async () => [], loadChart: async () => square(1) }).start();
    store.getState().setChartView('ct');
    await settled();
    expect(store.getState().chartStatus).toBe('none');
    stop();
  });

  it('on a slow link shows the simplified chart first, then the whole one in its place', async () => {
    const store = createForecastMapStore();
    store.getState().applySelection({ date: '2014-02-11' });
    store.getState().linkDecided({ mode: 'slices', bitsPerSecond: 256_000, wholeFileSeconds: 90, thresholdBitsPerSecond: 8e6, thresholdSeconds: 4, held: false });
    const asked: (number | null)[] = [];
    const seen: boolean[] = [];
    store.subscribe((state, previous) => {
      if (state.chart !== previous.chart && state.chart) seen.push(state.chart.simplified);
    });
    const stop = new ChartLoader({
      store,
      listCharts: async () => [info(7, '2014-02-11T00:00:00Z')],
      loadChart: async (_id, tolerance) => {
        asked.push(tolerance);
        return square(tolerance === null ? 2 : 1);
      },
    }).start();
    store.getState().setChartView('sod');
    await settled();
    expect(asked).toEqual([2, null]);
    expect(seen).toEqual([true, false]);
    expect(store.getState().chart?.polygons[0].bbox).toEqual([0, 70, 2, 72]);
    stop();
  });

  it('on a fast link asks for the whole chart only', async () => {
    const store = createForecastMapStore();
    store.getState().applySelection({ date: '2014-02-11' });
    store.getState().linkDecided({ mode: 'whole', bitsPerSecond: 1e9, wholeFileSeconds: 0.1, thresholdBitsPerSecond: 8e6, thresholdSeconds: 4, held: true });
    const asked: (number | null)[] = [];
    const stop = new ChartLoader({
      store,
      listCharts: async () => [info(7, '2014-02-11T00:00:00Z')],
      loadChart: async (_id, tolerance) => {
        asked.push(tolerance);
        return square(1);
      },
    }).start();
    store.getState().setChartView('ct');
    await settled();
    expect(asked).toEqual([null]);
    expect(store.getState().chartStatus).toBe('ready');
    stop();
  });
});

describe('the chart prepared in the chart worker', () => {
  it('shows the polygons the worker made, their rings as the page would have made them', async () => {
    const store = createForecastMapStore();
    store.getState().applySelection({ date: '2014-02-11' });
    const urls: string[] = [];
    // The worker's own code, in process, over a fetch that answers with the chart's body.
    const fetcher = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(square(2)));
    }) as typeof fetch;
    const client = createChartClient(new ChartService(fetcher));
    const stop = new ChartLoader({
      store,
      listCharts: async () => [info(7, '2014-02-11T00:00:00Z')],
      loadChart: async () => {
        throw new Error('the body is the worker’s to fetch');
      },
      prepareChart: (id, tolerance, signal) => client.prepare(`http://x/api/v1/icecharts/${id}${tolerance === null ? '' : `?tolerance_km=${tolerance}`}`, signal),
    }).start();
    store.getState().setChartView('ct');
    await settled();
    await settled();
    expect(urls).toEqual(['http://x/api/v1/icecharts/7']);
    expect(store.getState().chart?.polygons[0].bbox).toEqual([0, 70, 2, 72]);
    expect(store.getState().chart?.polygons[0].rings).toEqual([[[0, 70], [2, 70], [2, 72], [0, 72], [0, 70]]]);
    stop();
  });
});

describe('the chart in the URL', () => {
  it('keeps the code and the open egg, and drops an egg without a chart', () => {
    expect(validateChartSearch({ chart: 'sod', egg: '17' })).toEqual({ chart: 'sod', egg: 17 });
    expect(validateChartSearch({ chart: 'rainbow', egg: '17' })).toEqual({});
    expect(chartFromSearch({})).toEqual({ chartView: null, chartPolygon: null });
    expect(searchFromChart({ chartView: 'ct', chartPolygon: 4 })).toEqual({ chart: 'ct', egg: 4 });
    expect(searchFromChart({ chartView: null, chartPolygon: 4 })).toEqual({ chart: undefined, egg: undefined });
  });
});
