/**
 * Ice charts (GET /icecharts, /icecharts/{id}): the SIGRID-3 charts of the ice services, imported by an admin,
 * as a list and as GeoJSON in EPSG:4326 with each polygon's codes raw and decoded (common/icecharts/, decoded once
 * on import). `tolerance_km` asks for the chart simplified for a slow link (every polygon kept). The wire types are
 * the server's (common/api-types/icecharts.ts).
 */
import type { IceChartCollection, IceChartList, IceChartSummary } from '../../common/api-types/icecharts.ts';
import { apiJson, type RequestOptions } from './client.ts';

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
