/** POST /route/check (issue 12): the IMO POLARIS check of a route for one forecast lead. */
import type { IceClass, IceType, RioCategory } from '../../common/polaris/polaris.ts';
import { apiJson, type RequestOptions } from './client.ts';

export interface RouteCheckRequest {
  date: string;
  run: 'free' | 'assimilated';
  model_id?: string;
  lead_hours: 24 | 48 | 72;
  ice_class: IceClass;
  /** [lat, lon] in degrees, 2–500 of them. */
  waypoints: [number, number][];
}

export interface RouteSample {
  lat: number;
  lon: number;
  distance_km: number;
  /** Null on land or where the forecast has no value (never open water). */
  concentration: number | null;
  thickness_m: number | null;
  ice_type: IceType | null;
  rio: number | null;
  category: RioCategory | null;
}

export interface RouteCheckResult {
  length_km: number;
  ice_length_km: number;
  min_rio: number | null;
  max_concentration: number | null;
  max_thickness_m: number | null;
  first_breach: RouteSample | null;
  samples: RouteSample[];
}

export function checkRoute(request: RouteCheckRequest, options: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<RouteCheckResult> {
  return apiJson<RouteCheckResult>('route/check', { ...options, method: 'POST', json: request });
}
