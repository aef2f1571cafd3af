/**
 * Asks the server to check the finished route for +24, +48 and +72 h (three calls in parallel) whenever the
 * route, the region, the date, the run or the ice class changes; stale answers are dropped, a new check aborts the old one.
 * Outside React, driven by `store.subscribe`, like the forecast loader.
 */
import { isApiError, isStatusError } from '../../../api/client.ts';
import type { RouteCheckRequest, RouteCheckResult } from '../../../api/ship-route.ts';
import { ru } from '../../../i18n/ru.ts';
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';
import { followCheckKey } from './keyed-check.ts';
import type { RouteLeadHours } from './route-slice.ts';

export const ROUTE_LEADS: readonly RouteLeadHours[] = [24, 48, 72];

export type CheckRouteFn = (request: RouteCheckRequest, options: { signal: AbortSignal }) => Promise<RouteCheckResult>;

function checkKey(state: ForecastMapState): string | null {
  if (state.routeMode !== 'ready' || state.routeWaypoints.length < 2) return null;
  return JSON.stringify([state.region, state.date, state.assimilated, state.iceClass, state.routeWaypoints]);
}

export function startRouteChecker(store: ForecastMapStore, check: CheckRouteFn): () => void {
  return followCheckKey(store, checkKey, (state, key, signal) => {
    state.routeCheckStarted(key);
    if (state.date === null) {
      state.routeCheckFailed(key, ru.route.noDate);
      return;
    }
    const request = {
      date: state.date,
      run: state.assimilated ? 'assimilated' : 'free',
      ice_class: state.iceClass,
      waypoints: state.routeWaypoints,
      // The shown region's forecast; the sector's request names none (the spec's body, as before).
      ...(state.region === 'sector' ? {} : { region: state.region }),
    } as const;
    Promise.all(ROUTE_LEADS.map((leadHours) => check({ ...request, lead_hours: leadHours }, { signal }))).then(
      (results) => store.getState().routeCheckDone(key, Object.fromEntries(ROUTE_LEADS.map((leadHours, k) => [leadHours, results[k]]))),
      (error: unknown) => {
        if (isApiError(error, 'aborted')) return;
        console.error('Route check failed:', error);
        store.getState().routeCheckFailed(key, isStatusError(error, 404) ? ru.route.notFound : ru.route.checkFailed);
      },
    );
  });
}
