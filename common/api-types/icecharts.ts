/**
 * The ice charts' wire types (SIGRID-3 charts of the ice services): GET /api/v1/icecharts, GET /api/v1/icecharts/{id},
 * POST /api/v1/icecharts. The server (server/src/icecharts/, server/src/routes/icecharts/) replies with them, the app
 * reads them. Codes are decoded once, by common/icecharts/ (`decodeChartProperties`).
 */
import type { ConcentrationMeaning } from '../icecharts/concentration.ts';
import type { IceChartStage, PolyType, SigridRawCodes } from '../icecharts/egg-code.ts';

export { SIGRID_FIELDS, type IceChartStage, type PolyType, type SigridField, type SigridRawCodes } from '../icecharts/egg-code.ts';

/** Sources the import recognises by name (free text is stored as given). */
export const CHART_SOURCES = ['ААНИИ', 'NIC', 'CIS', 'DMI', 'MET Norway'] as const;

/** The properties of one polygon of GET /api/v1/icecharts/{id}. */
export interface IceChartPolygonProperties {
  /** Index of the polygon in the chart (its feature id too), stable across `tolerance_km`. */
  id: number;
  poly_type: PolyType | null;
  /** Total concentration [lo, hi] in tenths; [0, 0] ice free; null when unknown or not given. */
  ct: [number, number] | null;
  /** What CT says besides its range ('open_water' for `01`, 'bergy_water' for `02`, …). */
  ct_meaning: ConcentrationMeaning;
  /** The ice types of the egg code (SA/CA/FA, SB/CB/FB, SC/CC/FC), those given only. */
  stages: IceChartStage[];
  /** Fast ice (припай): FA `08`, or CF's predominant form `08`. */
  fast_ice: boolean;
  /** Geodesic area of the polygon as stored (after holes and overlaps are resolved), km². */
  area_km2: number;
  raw: SigridRawCodes;
}

/** GeoJSON geometry in EPSG:4326, [lon, lat] degrees; longitudes may pass ±180 so a polygon stays whole. */
export interface IceChartGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}

export interface IceChartFeature {
  type: 'Feature';
  id: number;
  geometry: IceChartGeometry;
  properties: IceChartPolygonProperties;
}

/** One chart in the list. */
export interface IceChartSummary {
  id: number;
  source: string;
  /** ISO 8601 UTC. */
  valid_time: string;
  /** Polygons stored. */
  polygons: number;
  /** [west, south, east, north], degrees; west > east when the chart crosses 180°. */
  bbox: [number, number, number, number];
  /** ISO 8601 UTC, when it was imported. */
  imported_at: string;
}

/** GET /api/v1/icecharts?from=&to= (ISO dates or times, both optional; valid_time within them, newest first). */
export interface IceChartList {
  charts: IceChartSummary[];
}

/** GET /api/v1/icecharts/{id}[?tolerance_km=]: the chart as GeoJSON, with the chart's summary. */
export interface IceChartCollection {
  type: 'FeatureCollection';
  chart: IceChartSummary;
  /** The simplification asked for, km (0: as stored). */
  tolerance_km: number;
  features: IceChartFeature[];
}

/** The result of a succeeded `import_icechart` job. */
export interface IceChartImportResult {
  chart_id: number;
  source: string;
  valid_time: string;
  polygons: number;
}
