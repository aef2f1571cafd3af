/**
 * The ice chart in the forecast map store: how it is shown (off, or coloured by one code; in the URL), the chart
 * chosen for the date with its polygons made ready for drawing (chart-geometry.ts), and the polygon whose egg code is
 * open. Plain CPU data only; the layers make GPU buffers from it.
 */
import type { StateCreator } from 'zustand';
import type { IceChartSummary } from '../../../api/icecharts.ts';
import type { RouteCheckResult } from '../../../api/ship-route.ts';
import type { PreparedPolygon } from './chart-geometry.ts';

/** Off, or the colouring: 'Сплочённость' (total concentration), 'Возраст льда' (stage of development) or POLARIS. */
export type ChartView = 'ct' | 'sod' | 'polaris';

export interface ShownChart {
  info: IceChartSummary;
  polygons: PreparedPolygon[];
  /** The simplified chart of a slow link (`?tolerance_km=`), the whole one on its way. */
  simplified: boolean;
}

export type ChartStatus = 'idle' | 'loading' | 'ready' | 'none' | 'error';

/** The 'Маршрут' route checked against the chart shown (POST /route/check with source 'chart'). */
export interface ChartRouteCheck {
  /** What was checked (chart, class, route): a change starts a new check. */
  key: string;
  status: 'checking' | 'done' | 'error';
  result: RouteCheckResult | null;
}

export interface ChartSelection {
  chartView: ChartView | null;
  /** The feature index of the polygon whose egg code is open. */
  chartPolygon: number | null;
}

/**
 * The date's chart found while the page was idle, before it was asked for: `info` null when the date has none;
 * `polygons` once its whole body is fetched and prepared too (a fast link only), for the map to lay out unseen.
 */
export interface ChartAhead {
  date: string;
  info: IceChartSummary | null;
  polygons: PreparedPolygon[] | null;
}

export interface ChartSlice extends ChartSelection {
  chartStatus: ChartStatus;
  chart: ShownChart | null;
  chartAhead: ChartAhead | null;
  chartRoute: ChartRouteCheck | null;
  setChartView: (view: ChartView | null) => void;
  selectChartPolygon: (index: number | null) => void;
  chartLoading: () => void;
  chartListedAhead: (ahead: ChartAhead) => void;
  chartShown: (chart: ShownChart) => void;
  /** No chart on or before the date. */
  chartMissing: () => void;
  chartFailed: () => void;
  /** A route check against the chart: started (or none), answered, failed; answers to an older key are dropped. */
  chartRouteChanged: (check: ChartRouteCheck | null) => void;
  /** Apply the chart's part of a URL; undefined fields keep their value. */
  applyChart: (selection: Partial<ChartSelection>) => void;
}

export const createChartSlice: StateCreator<ChartSlice, [], [], ChartSlice> = (set, get) => ({
  chartView: null,
  chartPolygon: null,
  chartStatus: 'idle',
  chart: null,
  chartAhead: null,
  chartRoute: null,
  setChartView: (chartView) => set(chartView === null ? { chartView, chartPolygon: null } : { chartView }),
  selectChartPolygon: (chartPolygon) => set({ chartPolygon }),
  chartLoading: () => set({ chartStatus: 'loading' }),
  chartListedAhead: (chartAhead) => set({ chartAhead }),
  // Another chart (a new date) closes the previous chart's egg; the whole chart after its simplified copy keeps it.
  chartShown: (chart) =>
    set((state) => ({ chartStatus: 'ready', chart, chartPolygon: state.chart?.info.id === chart.info.id ? state.chartPolygon : null })),
  chartMissing: () => set({ chartStatus: 'none', chart: null, chartPolygon: null }),
  chartFailed: () => set({ chartStatus: 'error', chart: null }),
  chartRouteChanged: (check) => {
    const current = get().chartRoute;
    if (check && check.status !== 'checking' && current?.key !== check.key) return;
    set({ chartRoute: check });
  },
  applyChart: (selection) => {
    const current = get();
    const next: Partial<ChartSelection> = {};
    if (selection.chartView !== undefined && selection.chartView !== current.chartView) next.chartView = selection.chartView;
    if (selection.chartPolygon !== undefined && selection.chartPolygon !== current.chartPolygon) next.chartPolygon = selection.chartPolygon;
    if (Object.keys(next).length > 0) set(next);
  },
});
