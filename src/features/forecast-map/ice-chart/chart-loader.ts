/**
 * Keeps the store's chart in step with the selection: while the chart is shown, lists the charts of the weeks
 * before the date, takes the newest valid by the end of it (chart-choice.ts), fetches its GeoJSON and prepares its
 * polygons (chart-geometry.ts). On a slow link (the decode worker fetches the forecast in slices) the chart comes
 * simplified first (`tolerance_km`) and then whole, in its place. Prepared charts are kept by id.
 *
 * Ahead of the toggle: once the page is idle (its first field drawn, its link free), the date's chart is listed
 * (`chartAhead`), so the map can get the chart's programs ready (chart-warm-up.ts); on a fast link its whole body is
 * fetched and prepared too, and the map lays it out unseen (chart-layers.ts). The toggle then shows that chart at
 * once and lists the charts again beside it (a chart imported meanwhile takes its place); without it, the toggle
 * asks for the listed chart's body beside the list.
 */
import type { IceChartCollection, IceChartSummary } from '../../../api/icecharts.ts';
import type { PreparedChart } from '../../../../workers/chart-client.ts';
import { SLOW_LINK_TOLERANCE_KM } from '../../../../common/icecharts/wire.ts';
import { LruCache } from '../../../../common/lru-cache.ts';
import { polygonsFromMesh } from '../../../../common/icecharts/chart-mesh.ts';
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';
import { chartForDate, chartWindow } from './chart-choice.ts';
import { prepareChart, type PreparedPolygon } from './chart-geometry.ts';

/** Prepared charts kept (a few MB each at most). */
const KEPT_CHARTS = 4;

/** A chart's prepared polygons on their way: the simplified ones of a slow link (else null), the whole ones. */
interface ChartBodies {
  simplified: Promise<PreparedPolygon[] | null> | null;
  whole: Promise<PreparedPolygon[] | null>;
}

export interface ChartLoaderOptions {
  store: ForecastMapStore;
  listCharts: (query: { from: string; to: string }, signal: AbortSignal) => Promise<IceChartSummary[]>;
  loadChart: (id: number, toleranceKm: number | null, signal: AbortSignal) => Promise<IceChartCollection>;
  /**
   * The chart fetched, parsed and prepared off the main thread (the chart worker); in its place when given. Without
   * it `loadChart`'s body is parsed and prepared here.
   */
  prepareChart?: (id: number, toleranceKm: number | null, signal: AbortSignal) => Promise<PreparedChart>;
  /** Resolves when the page may list the date's chart ahead of the toggle (absent: never ahead). */
  whenIdle?: () => Promise<void>;
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
  private readonly wholeOnTheWay = new Map<number, { signal: AbortSignal; polygons: Promise<PreparedPolygon[] | null> }>();
  private idle = false;
  private aheadAsked: string | null = null;
  private readonly aheadController = new AbortController();

  constructor(options: ChartLoaderOptions) {
    this.options = options;
  }

  start(): () => void {
    const unsubscribe = this.options.store.subscribe(() => this.sync());
    this.sync();
    void this.options.whenIdle?.().then(() => {
      this.idle = true;
      this.sync();
    });
    return () => {
      unsubscribe();
      this.controller?.abort();
      this.aheadController.abort();
    };
  }

  private sync(): void {
    const state = this.options.store.getState();
    if (this.idle && !state.chartView && state.date && state.date !== this.aheadAsked) void this.listAhead(state.date);
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

  /** The date's chart found while nothing waits on it; a failure only means the toggle asks itself. */
  private async listAhead(date: string): Promise<void> {
    this.aheadAsked = date;
    const signal = this.aheadController.signal;
    const { store } = this.options;
    try {
      const info = chartForDate(await this.options.listCharts(chartWindow(date), signal), date);
      if (signal.aborted || store.getState().date !== date) return;
      store.getState().chartListedAhead({ date, info, polygons: null });
      // A slow link's bandwidth is the forecast's: its chart waits for the toggle.
      if (!info || isSlowLink(store.getState())) return;
      const polygons = await this.prepared(info.id, null, signal);
      if (polygons && store.getState().date === date) store.getState().chartListedAhead({ date, info, polygons });
    } catch {
      // Not needed: the toggle asks again.
    }
  }

  /** The chart `id` fetched at a tolerance and prepared (whole ones kept, and shared while on their way); null when aborted. */
  private prepared(id: number, toleranceKm: number | null, signal: AbortSignal): Promise<PreparedPolygon[] | null> {
    if (toleranceKm !== null) return this.fetchPrepared(id, toleranceKm, signal);
    const kept = this.charts.get(id);
    if (kept) return Promise.resolve(kept);
    // A request whose asker has gone (aborted) is not joined: it ends with null.
    const going = this.wholeOnTheWay.get(id);
    if (going && !going.signal.aborted) return going.polygons;
    const polygons = this.fetchPrepared(id, null, signal).finally(() => {
      if (this.wholeOnTheWay.get(id)?.polygons === polygons) this.wholeOnTheWay.delete(id);
    });
    this.wholeOnTheWay.set(id, { signal, polygons });
    return polygons;
  }

  private async fetchPrepared(id: number, toleranceKm: number | null, signal: AbortSignal): Promise<PreparedPolygon[] | null> {
    const kind = toleranceKm === null ? 'whole' : 'simplified';
    const polygons = await this.fetchAndPrepare(id, toleranceKm, signal);
    performance.mark(`ice-chart:${kind}-prepared`);
    if (signal.aborted) return null;
    if (toleranceKm === null) this.charts.set(id, polygons);
    return polygons;
  }

  /** The chart's polygons, with their mesh attached when the worker made them. */
  private async fetchAndPrepare(id: number, toleranceKm: number | null, signal: AbortSignal): Promise<PreparedPolygon[]> {
    if (this.options.prepareChart) {
      const { polygons: infos, mesh } = await this.options.prepareChart(id, toleranceKm, signal);
      return polygonsFromMesh(infos, mesh);
    }
    return prepareChart((await this.options.loadChart(id, toleranceKm, signal)).features);
  }

  private async load(date: string, signal: AbortSignal): Promise<void> {
    const { store } = this.options;
    // The chart found ahead: shown at once when prepared, else its bodies asked for beside the list.
    const ahead = store.getState().chartAhead;
    const guess = ahead?.date === date ? ahead.info : null;
    const slow = isSlowLink(store.getState());
    const kept = guess ? this.charts.get(guess.id) : undefined;
    if (guess && kept) store.getState().chartShown({ info: guess, polygons: kept, simplified: false });
    const early = guess && !kept ? this.bodies(guess.id, slow, signal) : null;
    // Not awaited when its list does not name the chart: an aborted or refused guess must not reject unhandled.
    early?.whole.catch(() => undefined);
    early?.simplified?.catch(() => undefined);
    try {
      // Asked again each time (a small reply): a chart imported meanwhile shows up on the next toggle or date.
      if (!store.getState().chart) store.getState().chartLoading();
      const list = await this.options.listCharts(chartWindow(date), signal);
      performance.mark('ice-chart:listed');
      const info = chartForDate(list, date);
      if (signal.aborted) return;
      if (!info) {
        store.getState().chartMissing();
        return;
      }
      if (kept && info.id === guess?.id && info.valid_time === guess.valid_time) return;
      await this.show(info, early && guess?.id === info.id ? early : this.bodies(info.id, slow, signal), signal);
    } catch (error) {
      if (signal.aborted) return;
      console.warn('Ice chart not shown:', error);
      store.getState().chartFailed();
    }
  }

  /** The chart `info` shown from its bodies: the simplified one first when there is one, then the whole one. */
  private async show(info: IceChartSummary, bodies: ChartBodies, signal: AbortSignal): Promise<void> {
    const { store } = this.options;
    const kept = this.charts.get(info.id);
    if (kept) {
      store.getState().chartShown({ info, polygons: kept, simplified: false });
      return;
    }
    if (store.getState().chart?.info.id !== info.id) store.getState().chartLoading();
    if (bodies.simplified) {
      const simplified = await bodies.simplified;
      if (!simplified || signal.aborted) return;
      store.getState().chartShown({ info, polygons: simplified, simplified: true });
    }
    const whole = await bodies.whole;
    if (!whole || signal.aborted) return;
    store.getState().chartShown({ info, polygons: whole, simplified: false });
  }

  /** The requests of a chart: on a slow link the simplified body first, then the whole one (not beside it: one link). */
  private bodies(id: number, slow: boolean, signal: AbortSignal): ChartBodies {
    if (!slow || this.charts.get(id)) return { simplified: null, whole: this.prepared(id, null, signal) };
    const simplified = this.prepared(id, SLOW_LINK_TOLERANCE_KM, signal);
    const whole = simplified.then(() => this.prepared(id, null, signal));
    return { simplified, whole };
  }
}
