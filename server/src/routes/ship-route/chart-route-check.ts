/**
 * The route check against an ice chart: the same samples (every ≤ 5 km along great circles) and the same reply as
 * against a forecast, each sample taking the chart polygon it lies in: RIO = Σ Cᵢ·RIVᵢ of its egg code
 * (common/icecharts/chart-rio.ts), `concentration` the upper bound of CT (fraction; the bound the RIO takes),
 * `ice_type` the oldest type the RIO summed. Outside every polygon, or in a 'no data' polygon, a sample is not
 * covered; on land it is covered with nulls.
 */
import type { IceChartFeature } from '../../../../common/api-types/icecharts.ts';
import type { RouteCheckResult, RouteSample } from '../../../../common/api-types/ship-route.ts';
import { chartRio } from '../../../../common/icecharts/chart-rio.ts';
import { ICE_TYPES, type IceClass, type IceType } from '../../../../common/polaris/polaris.ts';
import { chartLookup } from '../../icecharts/chart-lookup.ts';
import { sampleRoute } from './great-circle.ts';
import { summariseRoute } from './route-check.ts';

/** Longest step between samples, km (as against a forecast). */
const MAX_STEP_KM = 5;

export function checkRouteOnChart(features: IceChartFeature[], iceClass: IceClass, waypoints: readonly (readonly [number, number])[]): RouteCheckResult {
  const lookup = chartLookup(features);
  const samples: RouteSample[] = sampleRoute(waypoints, MAX_STEP_KM).map(({ lat, lon, distance_km }) => {
    const empty = { lat, lon, distance_km, concentration: null, thickness_m: null, ice_type: null, rio: null, category: null };
    const feature = lookup.at(lon, lat);
    if (!feature || feature.properties.poly_type === 'N') return { ...empty, covered: false };
    const result = chartRio(iceClass, feature.properties);
    if (!result) return { ...empty, covered: feature.properties.poly_type === 'L' };
    const oldest = result.parts.reduce<IceType>((a, part) => (ICE_TYPES.indexOf(part.ice_type) > ICE_TYPES.indexOf(a) ? part.ice_type : a), 'ice_free');
    const ct = feature.properties.ct;
    return {
      ...empty,
      covered: true,
      concentration: ct ? ct[1] / 10 : result.basis === 'ice_free' ? 0 : null,
      ice_type: oldest,
      rio: result.rio,
      category: result.category,
    };
  });
  return summariseRoute(samples);
}
