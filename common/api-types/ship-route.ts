/** POST /api/v1/route/check: the IMO POLARIS check of a route for one forecast lead (server/src/routes/ship-route/, src/api/ship-route.ts). */
import type { IceClass, IceType, RioCategory } from '../polaris/polaris.ts';

/** The request body. */
export interface RouteCheckRequest {
  /** YYYY-MM-DD. */
  date: string;
  run: 'free' | 'assimilated';
  /** The default model's file when absent. */
  model_id?: string;
  lead_hours: 24 | 48 | 72;
  ice_class: IceClass;
  /** [lat, lon] in degrees, 2–500 of them. */
  waypoints: [number, number][];
  /** The forecast's region ('sector' | 'arctic'); the sector when absent. */
  region?: string;
}

/**
 * The request body of a check against an ice chart (GET /api/v1/icecharts/{id}) instead of a forecast: the same
 * reply, each sample taking the chart polygon it lies in (RIO from its egg code, common/icecharts/chart-rio.ts;
 * `concentration` the upper bound of CT as a fraction, `thickness_m` null: a chart gives stages, not thickness).
 */
export interface ChartRouteCheckRequest {
  source: 'chart';
  chart_id: number;
  ice_class: IceClass;
  /** [lat, lon] in degrees, 2–500 of them. */
  waypoints: [number, number][];
}

/** One sample along the route (every ≤ 5 km along great circles, the waypoints included). */
export interface RouteSample {
  lat: number;
  lon: number;
  /** From the route's start, km. */
  distance_km: number;
  /** False where the forecast says nothing: outside its grid, or a sea cell without a value (land is covered). */
  covered: boolean;
  /** Fraction 0–1 of the nearest cell; null on land or where the forecast has no value (never open water). */
  concentration: number | null;
  /** m. */
  thickness_m: number | null;
  ice_type: IceType | null;
  rio: number | null;
  category: RioCategory | null;
}

/** The 200 reply. */
export interface RouteCheckResult {
  length_km: number;
  /** Length where concentration ≥ 0.15, km. */
  ice_length_km: number;
  /** Length outside the forecast area (samples not covered), km. */
  outside_km: number;
  min_rio: number | null;
  max_concentration: number | null;
  max_thickness_m: number | null;
  /** The first sample of category `elevated` or `special`. */
  first_breach: RouteSample | null;
  samples: RouteSample[];
}
