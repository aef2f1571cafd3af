import { describe, expect, it } from 'vitest';
import type { IceChartCollection, IceChartSummary } from '../../../api/icecharts.ts';
import { chartCollection, chartFeature, chartSummary } from '../../../testing/chart-polygons.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { ChartLoader } from './chart-loader.ts';
import { buildChartLayers } from './chart-layers.ts';

const DATE = '2014-02-11';
const square = (id: number) => chartCollection(chartSummary(id, `${DATE}T00:00:00Z`), [chartFeature(0, [[0, 70], [1, 70], [1, 71], [0, 71], [0, 70]], { CT: '92' })]);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A reply the test lets go of when it wants. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

function pageWith(link: 'whole' | 'slices') {
  const store = createForecastMapStore();
  store.getState().applySelection({ date: DATE });
  const slow = link === 'slices';
  store.getState().linkDecided({ mode: link, bitsPerSecond: slow ? 256_000 : 1e9, wholeFileSeconds: slow ? 90 : 0.1, thresholdBitsPerSecond: 8e6, thresholdSeconds: 4, held: !slow });
  const idle = held<void>();
  const asked: string[] = [];
  let list: () => Promise<IceChartSummary[]> = async () => [chartSummary(7, `${DATE}T00:00:00Z`)];
  const loader = new ChartLoader({
    store,
    listCharts: () => {
      asked.push('list');
      return list();
    },
    loadChart: async (id, tolerance): Promise<IceChartCollection> => {
      asked.push(`chart ${id} ${tolerance ?? 'whole'}`);
      return square(id);
    },
    whenIdle: () => idle.promise,
  });
  const stop = loader.start();
  return { store, asked, idle, stop, setList: (next: () => Promise<IceChartSummary[]>) => (list = next) };
}

describe('the chart found ahead of the toggle', () => {
  it('is listed only once the page is idle, and on a fast link fetched and prepared then', async () => {
    const page = pageWith('whole');
    await settled();
    expect(page.asked).toEqual([]);
    page.idle.release();
    await settled();
    expect(page.asked).toEqual(['list', 'chart 7 whole']);
    expect(page.store.getState().chartAhead?.info?.id).toBe(7);
    expect(page.store.getState().chartAhead?.polygons).toHaveLength(1);
    page.stop();
  });

  it('is on the map at the toggle before the charts are listed again, and is not fetched twice', async () => {
    const page = pageWith('whole');
    page.idle.release();
    await settled();
    const relist = held<IceChartSummary[]>();
    page.setList(() => relist.promise);
    page.store.getState().setChartView('ct');
    // Shown at once, from the chart prepared ahead: the list asked again has not answered yet.
    expect(page.store.getState().chartStatus).toBe('ready');
    expect(page.store.getState().chart?.polygons).toBe(page.store.getState().chartAhead?.polygons);
    relist.release([chartSummary(7, `${DATE}T00:00:00Z`)]);
    await settled();
    expect(page.asked).toEqual(['list', 'chart 7 whole', 'list']);
    expect(page.store.getState().chart?.info.id).toBe(7);
    page.stop();
  });

  it('gives way to a chart imported meanwhile, which the list asked at the toggle names', async () => {
    const page = pageWith('whole');
    page.idle.release();
    await settled();
    page.setList(async () => [chartSummary(7, `${DATE}T00:00:00Z`), chartSummary(8, `${DATE}T12:00:00Z`)]);
    page.store.getState().setChartView('ct');
    await settled();
    expect(page.asked).toEqual(['list', 'chart 7 whole', 'list', 'chart 8 whole']);
    expect(page.store.getState().chart?.info.id).toBe(8);
    page.stop();
  });

  it('on a slow link is listed but not fetched; the toggle asks for its simplified body beside the list', async () => {
    const page = pageWith('slices');
    page.idle.release();
    await settled();
    expect(page.asked).toEqual(['list']);
    expect(page.store.getState().chartAhead?.polygons).toBeNull();
    const relist = held<IceChartSummary[]>();
    page.setList(() => relist.promise);
    page.store.getState().setChartView('ct');
    await settled();
    // The bodies went out (simplified, then whole) while the list asked again had not answered.
    expect(page.asked).toEqual(['list', 'chart 7 2', 'list', 'chart 7 whole']);
    expect(page.store.getState().chart).toBeNull();
    relist.release([chartSummary(7, `${DATE}T00:00:00Z`)]);
    await settled();
    expect(page.store.getState().chart?.simplified).toBe(false);
    expect(page.asked).toHaveLength(4);
    page.stop();
  });

  it('is laid out on the map unseen, under the layer ids the toggle then shows', async () => {
    const page = pageWith('whole');
    page.idle.release();
    await settled();
    const before = buildChartLayers(page.store.getState());
    expect(before.map((layer) => [layer.id, layer.props.visible])).toEqual([
      ['ice-chart-fill', false],
      ['ice-chart-outline', false],
    ]);
    page.store.getState().setChartView('ct');
    const after = buildChartLayers(page.store.getState());
    expect(after.map((layer) => [layer.id, layer.props.visible])).toEqual([
      ['ice-chart-fill', true],
      ['ice-chart-outline', true],
    ]);
    // The same polygons: deck.gl keeps what it laid out and only draws it.
    expect(after[0].props.data).toBe(before[0].props.data);
    page.stop();
  });
});
