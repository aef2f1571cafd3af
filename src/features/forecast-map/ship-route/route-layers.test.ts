import { describe, expect, it } from 'vitest';
import type { RouteCheckResult, RouteSample } from '../../../api/ship-route.ts';
import { buildRouteLayers, categoryRuns, ROUTE_LAYER_ID } from './route-layers.ts';

const sample = (lon: number, covered: boolean, category: RouteSample['category'] = covered ? 'normal' : null): RouteSample => ({
  lat: 75,
  lon,
  distance_km: lon,
  covered,
  concentration: category ? 0.5 : null,
  thickness_m: category ? 1 : null,
  ice_type: null,
  rio: category ? 10 : null,
  category,
});

describe('route layers', () => {
  it('splits the checked route into runs; legs outside the forecast area are their own (dashed) runs', () => {
    const samples = [sample(100, true), sample(101, true), sample(102, true, null), sample(103, false), sample(104, false), sample(105, true)];
    const runs = categoryRuns(samples);
    expect(runs.map((r) => [r.outside, r.path.map(([lon]) => lon)])).toEqual([
      [false, [100, 101, 102]],
      [false, [102, 103]], // land or no value inside the area: solid grey up to the edge
      [true, [103, 104, 105]],
    ]);
    const result = { samples, length_km: 5, ice_length_km: 0, outside_km: 2, min_rio: 10, max_concentration: 0.5, max_thickness_m: 1, first_breach: null } as RouteCheckResult;
    const layers = buildRouteLayers({ routeMode: 'ready', routeWaypoints: [[75, 100], [75, 105]], routeChecks: { status: 'done', results: { 24: result } }, leadIndex: 0 } as never);
    const outside = layers.find((l) => (l as { id: string }).id === `${ROUTE_LAYER_ID}-outside`) as unknown as { props: { data: unknown[]; getDashArray: number[]; extensions: unknown[] } };
    expect(outside.props.data).toHaveLength(1);
    expect(outside.props.getDashArray).toEqual([3, 2]);
    expect(outside.props.extensions).toHaveLength(1);
  });

  it('keeps a route across 180° going past it (no segment the long way round the pole), checked or still a draft', () => {
    const runs = categoryRuns([sample(178, true), sample(179.5, true), sample(-179.5, true), sample(-178, true)]);
    expect(runs.map((r) => r.path.map(([lon]) => lon))).toEqual([[178, 179.5, 180.5, 182]]);
    const draft = buildRouteLayers({ routeMode: 'ready', routeWaypoints: [[70.3, 170], [68.3, -178], [66.5, -170]], routeChecks: null, leadIndex: 0 } as never);
    const line = draft.find((l) => (l as { id: string }).id === `${ROUTE_LAYER_ID}-draft`) as unknown as { props: { data: [number, number][][] } };
    expect(line.props.data[0].map(([lon]) => lon)).toEqual([170, 182, 190]);
  });
});
