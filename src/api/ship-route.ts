/** POST /route/check: the IMO POLARIS check of a route for one forecast lead. */
import type { RouteCheckRequest, RouteCheckResult } from '../../common/api-types/ship-route.ts';
import { apiJson, type RequestOptions } from './client.ts';

export type { RouteCheckRequest, RouteCheckResult, RouteSample } from '../../common/api-types/ship-route.ts';

export function checkRoute(request: RouteCheckRequest, options: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<RouteCheckResult> {
  return apiJson<RouteCheckResult>('route/check', { ...options, method: 'POST', json: request });
}
