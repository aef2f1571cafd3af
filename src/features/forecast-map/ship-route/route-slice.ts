/**
 * The route of the 'Маршрут' mode: its waypoints, whether the user is still drawing, and the
 * server's checks for +24/+48/+72 h. Plain data only; the map layers and the panel read it from the store.
 */
import type { StateCreator } from 'zustand';
import type { RouteCheckResult } from '../../../api/ship-route.ts';

/** [lat, lon], degrees. */
export type Waypoint = [number, number];
/** 'off': no route; 'drawing': map clicks add waypoints; 'ready': finished, checked by the server. */
export type RouteMode = 'off' | 'drawing' | 'ready';
export type RouteLeadHours = 24 | 48 | 72;

export interface RouteChecks {
  /** What was checked (route, date, run, class): a change starts new checks. */
  key: string;
  status: 'checking' | 'done' | 'error';
  results: Partial<Record<RouteLeadHours, RouteCheckResult>>;
  /** The Russian reason when status is 'error'. */
  error: string | null;
}

export interface RouteSlice {
  routeMode: RouteMode;
  routeWaypoints: Waypoint[];
  routeChecks: RouteChecks | null;
  /** Enter the mode with an empty route. */
  startRoute: () => void;
  addWaypoint: (waypoint: Waypoint) => void;
  undoWaypoint: () => void;
  /** Stop drawing; with fewer than two waypoints nothing is checked. */
  finishRoute: () => void;
  /** A route read from a file: shown and checked at once. */
  loadRoute: (waypoints: Waypoint[]) => void;
  /** Leave the mode and forget the route. */
  closeRoute: () => void;
  routeCheckStarted: (key: string) => void;
  routeCheckDone: (key: string, results: Partial<Record<RouteLeadHours, RouteCheckResult>>) => void;
  routeCheckFailed: (key: string, message: string) => void;
}

export const createRouteSlice: StateCreator<RouteSlice, [], [], RouteSlice> = (set, get) => ({
  routeMode: 'off',
  routeWaypoints: [],
  routeChecks: null,
  startRoute: () => set({ routeMode: 'drawing', routeWaypoints: [], routeChecks: null }),
  addWaypoint: (waypoint) => {
    if (get().routeMode !== 'drawing') return;
    set({ routeWaypoints: [...get().routeWaypoints, waypoint] });
  },
  undoWaypoint: () => set({ routeWaypoints: get().routeWaypoints.slice(0, -1), routeMode: 'drawing', routeChecks: null }),
  finishRoute: () => {
    if (get().routeWaypoints.length >= 2) set({ routeMode: 'ready' });
  },
  loadRoute: (waypoints) => set({ routeMode: 'ready', routeWaypoints: waypoints, routeChecks: null }),
  closeRoute: () => set({ routeMode: 'off', routeWaypoints: [], routeChecks: null }),
  routeCheckStarted: (key) => set({ routeChecks: { key, status: 'checking', results: {}, error: null } }),
  routeCheckDone: (key, results) => {
    if (get().routeChecks?.key === key) set({ routeChecks: { key, status: 'done', results, error: null } });
  },
  routeCheckFailed: (key, message) => {
    if (get().routeChecks?.key === key) set({ routeChecks: { key, status: 'error', results: {}, error: message } });
  },
});
