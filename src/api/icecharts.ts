/**
 * Ice charts (GET /icecharts, /icecharts/{id}): the SIGRID-3 charts of the ice services, imported by an admin,
 * as a list and as GeoJSON in EPSG:4326 with each polygon's codes raw and decoded. `tolerance_km` asks for the
 * chart simplified for a slow link (every polygon kept).
 */
import { apiJson, type RequestOptions } from './client.ts';

/*
 * The wire types. The decoded values come from common/icecharts (decoded once, on import); the raw SIGRID-3 codes
 * are kept for the egg code.
 */
/** A range in tenths (0…10): `92` is [10, 10], `91` [9, 10], `79` [7, 9]. */
export type TenthsRange = readonly [number, number];

export interface ChartStage {
  /** Partial concentration in tenths, null when the chart gives none (DMI; AARI's single stage). */
  conc: TenthsRange | null;
  /** The Russian name of the WMO stage (decoded once in common/icecharts), null when unknown. */
  stage: string | null;
  /** The SIGRID-3 stage code as written (`87`, `93`, `99`). */
  code: string;
}

export interface ChartPolygonProperties {
  /** Total concentration, null when unknown or not given. */
  ct: TenthsRange | null;
  /** Up to three stages, oldest (thickest) first: Sa, Sb, Sc. */
  stages: readonly ChartStage[];
  fast_ice: boolean;
  /** SIGRID-3 POLY_TYPE: I ice, W water, L land, N no data, S ice shelf. */
  poly_type: string;
  /** Raw SIGRID-3 codes, as the file has them ('-9' not given). */
  CT?: string | null;
  CA?: string | null;
  CB?: string | null;
  CC?: string | null;
  SA?: string | null;
  SB?: string | null;
  SC?: string | null;
  FA?: string | null;
  FB?: string | null;
  FC?: string | null;
  CN?: string | null;
  CD?: string | null;
}

/** GeoJSON positions: [longitude, latitude] in degrees. */
export type Position = [number, number];
export type PolygonRings = Position[][];

export interface ChartFeature {
  type: 'Feature';
  id?: string | number;
  geometry: { type: 'Polygon'; coordinates: PolygonRings } | { type: 'MultiPolygon'; coordinates: PolygonRings[] };
  properties: ChartPolygonProperties;
}

export interface ChartCollection {
  type: 'FeatureCollection';
  features: ChartFeature[];
}

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export interface ChartInfo {
  id: string;
  /** The service: 'ААНИИ', 'NIC', 'CIS', 'DMI', 'MET Norway' or the admin's text. */
  source: string;
  /** ISO 8601, UTC. */
  valid_time: string;
  polygons: number;
  /** [west, south, east, north], degrees. */
  bbox: [number, number, number, number];
}

export function fetchChartList(query: { from?: string; to?: string }, options: ReadOptions = {}): Promise<ChartInfo[]> {
  return apiJson<{ charts: ChartInfo[] }>('icecharts', { ...options, query: { ...query } }).then((reply) => reply.charts);
}

export function fetchChart(id: string, toleranceKm: number | null, options: ReadOptions = {}): Promise<ChartCollection> {
  return apiJson<ChartCollection>(`icecharts/${encodeURIComponent(id)}`, { ...options, query: { tolerance_km: toleranceKm } });
}
