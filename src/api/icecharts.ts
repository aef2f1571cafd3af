/**
 * Ice charts (GET /icecharts, /icecharts/{id}): the SIGRID-3 charts of the ice services, imported by an admin,
 * as a list and as GeoJSON in EPSG:4326 with each polygon's codes raw and decoded (common/icecharts/, decoded once
 * on import). `tolerance_km` asks for the chart simplified for a slow link (every polygon kept). The wire types are
 * the server's (common/api-types/icecharts.ts).
 */
import type { IceChartCollection, IceChartList, IceChartSummary } from '../../common/api-types/icecharts.ts';
import type { StartedJob } from '../../common/api-types/admin.ts';
import type { RouteCheckResult } from '../../common/api-types/ship-route.ts';
import type { IceClass } from '../../common/polaris/polaris.ts';
import { apiJson, apiUrl, type RequestOptions } from './client.ts';

export type {
  IceChartCollection,
  IceChartFeature,
  IceChartPolygonProperties,
  IceChartStage,
  IceChartSummary,
} from '../../common/api-types/icecharts.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/** GET /icecharts: the charts valid from `from` to `to` (dates, inclusive), newest first. */
export function fetchChartList(query: { from?: string; to?: string }, options: ReadOptions = {}): Promise<IceChartSummary[]> {
  return apiJson<IceChartList>('icecharts', { ...options, query: { ...query } }).then((reply) => reply.charts);
}

/** GET /icecharts/{id}: the whole chart, or simplified to `toleranceKm` (null: whole). */
export function fetchChart(id: number, toleranceKm: number | null, options: ReadOptions = {}): Promise<IceChartCollection> {
  return apiJson<IceChartCollection>(`icecharts/${id}`, { ...options, query: { tolerance_km: toleranceKm } });
}

/** The absolute URL of GET /icecharts/{id}, for the chart worker, which fetches and prepares the chart itself. */
export function chartUrl(id: number, toleranceKm: number | null): string {
  return apiUrl(`icecharts/${id}`, { tolerance_km: toleranceKm });
}

/** POST /route/check against a chart: the route's legs through the chart's polygons, the answer as for a forecast. */
export interface ChartRouteCheckRequest {
  source: 'chart';
  chart_id: number;
  ice_class: IceClass;
  /** [lat, lon] in degrees, 2–500 of them. */
  waypoints: [number, number][];
}

export function checkRouteOnChart(request: ChartRouteCheckRequest, options: ReadOptions = {}): Promise<RouteCheckResult> {
  return apiJson<RouteCheckResult>('route/check', { ...options, method: 'POST', json: request });
}

/**
 * POST /icecharts (admin, superuser): a zip (or DMI's `.imz`) of one SIGRID-3 set; 202 with the import job. The valid
 * time (ISO 8601) and the source may be left to the file's name; `replace` overwrites a chart of the same both.
 */
export function uploadIceChart(file: File, fields: { validTime?: string; source?: string; replace?: boolean }): Promise<StartedJob & { message: string }> {
  const body = new FormData();
  if (fields.validTime) body.append('valid_time', fields.validTime);
  if (fields.source) body.append('source', fields.source);
  if (fields.replace) body.append('replace', '1');
  body.append('file', file);
  return apiJson('icecharts', { method: 'POST', body });
}
