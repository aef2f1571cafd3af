/**
 * Keeps the store's chart in step with the selection: while the chart is shown, lists the charts of the weeks
 * before the date, takes the newest valid by the end of it (chart-choice.ts), fetches its GeoJSON and prepares its
 * polygons (chart-geometry.ts). On a slow link (the decode worker fetches the forecast in slices) the chart comes
 * simplified first (`tolerance_km`) and then whole, in its place. Prepared charts are kept by id.
 */
import type { IceChartCollection, IceChartSummary } from '../../../api/icecharts.ts';
import { LruCache } from '../../../../common/lru-cache.ts';
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';
import { chartForDate, chartWindow } from './chart-choice.ts';
import { prepareChart, type PreparedPolygon } from './chart-geometry.ts';

/** The simplified chart's tolerance on a slow link, km: a few pixels at the whole Arctic's scale. */
export const SLOW_LINK_TOLERANCE_KM = 2;
/** Prepared charts kept (a few MB each at most). */
const KEPT_CHARTS = 4;

export interface ChartLoaderOptions {
  store: ForecastMapStore;
  listCharts: (query: { from: string; to: string }, signal: AbortSignal) => Promise<IceChartSummary[]>;
  loadChart: (id: number, toleranceKm: number | null, signal: AbortSignal) => Promise<IceChartCollection>;
}

/** Slow: the worker chose slices for the forecast file on the link's measured speed. */
export function isSlowLink(state: Pick<ForecastMapState, 'linkDecision'>): boolean {
  return state.linkDecision?.mode === 'slices';
}

export class ChartLoader {
  private readonly options: ChartLoaderOptions;
  private target: string | null = null;
  private controller: AbortController | null = null;
  private readonly charts = new LruCache<number, PreparedPolygon[]>(KEPT_CHARTS);

  constructor(options: ChartLoaderOptions) {
    this.options = options;
  }

  start(): () => void {
    const unsubscribe = this.options.store.subscribe(() => this.sync());
    this.sync();
    return () => {
      unsubscribe();
      this.controller?.abort();
    };
  }

  private sync(): void {
    const state = this.options.store.getState();
    const target = state.chartView && state.date ? state.date : null;
    if (target === this.target) return;
    this.target = target;
    this.controller?.abort();
    this.controller = null;
    if (target === null) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.load(target, controller.signal);
  }

  private async load(date: string, signal: AbortSignal): Promise<void> {
    const { store } = this.options;
    try {
      // Asked again each time (a small reply): a chart imported meanwhile shows up on the next toggle or date.
      if (!store.getState().chart) store.getState().chartLoading();
      const list = await this.options.listCharts(chartWindow(date), signal);
      const info = chartForDate(list, date);
      if (signal.aborted) return;
      if (!info) {
        store.getState().chartMissing();
        return;
      }
      const kept = this.charts.get(info.id);
      if (kept) {
        store.getState().chartShown({ info, polygons: kept, simplified: false });
        return;
      }
      if (store.getState().chart?.info.id !== info.id) store.getState().chartLoading();
      if (isSlowLink(store.getState())) {
        const simplified = prepareChart((await this.options.loadChart(info.id, SLOW_LINK_TOLERANCE_KM, signal)).features);
        if (signal.aborted) return;
        store.getState().chartShown({ info, polygons: simplified, simplified: true });
      }
      const whole = prepareChart((await this.options.loadChart(info.id, null, signal)).features);
      this.charts.set(info.id, whole);
      if (signal.aborted) return;
      store.getState().chartShown({ info, polygons: whole, simplified: false });
    } catch (error) {
      if (signal.aborted) return;
      console.warn('Ice chart not shown:', error);
      store.getState().chartFailed();
    }
  }
}
