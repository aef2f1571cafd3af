import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import type { RouteCheckRequest, RouteCheckResult } from '../../../api/ship-route.ts';
import { ru } from '../../../i18n/ru.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { mapClickTarget } from './map-click-rule.ts';
import { startRouteChecker } from './route-checker.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const result = (leadHours: number): RouteCheckResult => ({
  length_km: leadHours,
  ice_length_km: 0,
  outside_km: 0,
  min_rio: 30,
  max_concentration: 0,
  max_thickness_m: 0,
  first_breach: null,
  samples: [],
});

/** A store with a route checker that answers every lead and records each request. */
function checkerRecordingCalls() {
  const store = createForecastMapStore();
  const calls: RouteCheckRequest[] = [];
  const stop = startRouteChecker(store, async (request) => {
    calls.push(request);
    return result(request.lead_hours);
  });
  return { store, calls, stop };
}

describe('route check in the store', () => {
  it('adds waypoints only while drawing, and map clicks belong to the route only then', () => {
    const store = createForecastMapStore();
    // The ship's ice class starts at PC7 (issue 12).
    expect(store.getState().iceClass).toBe('PC7');
    expect(mapClickTarget(store.getState())).toBe('point');
    store.getState().addWaypoint([75, 60]);
    expect(store.getState().routeWaypoints).toEqual([]);
    store.getState().startRoute();
    expect(mapClickTarget(store.getState())).toBe('route');
    store.getState().addWaypoint([75, 60]);
    store.getState().finishRoute();
    expect(store.getState().routeMode).toBe('drawing');
    store.getState().addWaypoint([76, 61]);
    store.getState().finishRoute();
    expect(store.getState()).toMatchObject({ routeMode: 'ready', routeWaypoints: [[75, 60], [76, 61]] });
    expect(mapClickTarget(store.getState())).toBe('point');
  });

  it('checks a finished route for +24, +48 and +72 h with the date, run and class, and again when the class changes', async () => {
    const { store, calls, stop } = checkerRecordingCalls();
    store.getState().setDate('2026-02-10');
    store.getState().setAssimilated(true);
    store.getState().loadRoute([[75, 60], [76, 61]]);
    expect(store.getState().routeChecks?.status).toBe('checking');
    await settle();
    expect(calls.map((c) => c.lead_hours)).toEqual([24, 48, 72]);
    expect(calls[0]).toEqual({ date: '2026-02-10', run: 'assimilated', ice_class: 'PC7', waypoints: [[75, 60], [76, 61]], lead_hours: 24 });
    expect(store.getState().routeChecks).toMatchObject({ status: 'done', results: { 24: { length_km: 24 }, 72: { length_km: 72 } } });
    store.getState().setIceClass('IA');
    await settle();
    expect(calls.slice(3).map((c) => c.ice_class)).toEqual(['IA', 'IA', 'IA']);
    stop();
  });

  it("checks against the whole Arctic's forecast once it is chosen, and the sector's again (no region named) after", async () => {
    const { store, calls, stop } = checkerRecordingCalls();
    store.getState().setDate('2026-02-10');
    store.getState().loadRoute([[70.4, 57.8], [66.5, -170]]);
    await settle();
    store.getState().setRegion('arctic');
    await settle();
    store.getState().setRegion('sector');
    await settle();
    expect(calls.map((c) => c.region ?? 'none')).toEqual(['none', 'none', 'none', 'arctic', 'arctic', 'arctic', 'none', 'none', 'none']);
    expect(calls[3]).toEqual({ date: '2026-02-10', run: 'free', ice_class: 'PC7', waypoints: [[70.4, 57.8], [66.5, -170]], lead_hours: 24, region: 'arctic' });
    expect('region' in calls[6]).toBe(false);
    stop();
  });

  it('says so when there is no file for the date', async () => {
    const store = createForecastMapStore();
    store.getState().setDate('2020-01-01');
    const stop = startRouteChecker(store, async () => {
      throw new ApiError('status', 'Not Found', 404, 'No forecast for 2020-01-01');
    });
    store.getState().loadRoute([[75, 60], [76, 61]]);
    await settle();
    expect(store.getState().routeChecks).toMatchObject({ status: 'error', error: ru.route.notFound });
    stop();
  });
});
