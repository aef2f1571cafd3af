/**
 * The finished 'Маршрут' route checked against the chart shown, beside the forecast's three leads: one
 * POST /route/check with `source: "chart"` and the chart's id whenever the route, the chart or the ice class changes
 * (the chart has no leads); a new check aborts the old one. Outside React, driven by `store.subscribe`.
 */
import { isApiError } from '../../../api/client.ts';
import type { ChartRouteCheckRequest } from '../../../api/icecharts.ts';
import type { RouteCheckResult } from '../../../api/ship-route.ts';
import { followCheckKey } from '../ship-route/keyed-check.ts';
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';

export type CheckRouteOnChartFn = (request: ChartRouteCheckRequest, options: { signal: AbortSignal }) => Promise<RouteCheckResult>;

function checkKey(state: ForecastMapState): string | null {
  if (state.routeMode !== 'ready' || state.routeWaypoints.length < 2 || !state.chartView || !state.chart) return null;
  return JSON.stringify([state.chart.info.id, state.iceClass, state.routeWaypoints]);
}

export function startChartRouteChecker(store: ForecastMapStore, check: CheckRouteOnChartFn): () => void {
  const start = (state: ForecastMapState, key: string, signal: AbortSignal) => {
    if (!state.chart) return;
    state.chartRouteChanged({ key, status: 'checking', result: null });
    const request: ChartRouteCheckRequest = { source: 'chart', chart_id: state.chart.info.id, ice_class: state.iceClass, waypoints: state.routeWaypoints };
    check(request, { signal }).then(
      (result) => store.getState().chartRouteChanged({ key, status: 'done', result }),
      (error: unknown) => {
        if (isApiError(error, 'aborted')) return;
        console.error('Route check against the chart failed:', error);
        store.getState().chartRouteChanged({ key, status: 'error', result: null });
      },
    );
  };
  const cleared = (state: ForecastMapState) => {
    if (state.chartRoute) state.chartRouteChanged(null);
  };
  return followCheckKey(store, checkKey, start, cleared);
}
