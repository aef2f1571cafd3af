/**
 * Chart polygons for tests, as GET /api/v1/icecharts/{id} sends them: SIGRID-3 codes as a file writes them, decoded
 * by the very code the server's import runs (common/icecharts/decode.ts).
 */
import type { IceChartCollection, IceChartFeature, IceChartPolygonProperties, IceChartSummary } from '../../common/api-types/icecharts.ts';
import { decodeChartProperties, rawCodes } from '../../common/icecharts/decode.ts';

export function chartPolygon(codes: Record<string, string>, id = 0): IceChartPolygonProperties {
  const raw = rawCodes({ POLY_TYPE: 'I', ...codes });
  return { id, ...decodeChartProperties(raw), area_km2: 0, raw };
}

/** A feature of one ring [lon, lat][] with the codes. */
export function chartFeature(id: number, ring: [number, number][], codes: Record<string, string>): IceChartFeature {
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: [ring] }, properties: chartPolygon(codes, id) };
}

export function chartSummary(id: number, validTime: string, over: Partial<IceChartSummary> = {}): IceChartSummary {
  return { id, source: 'ААНИИ', valid_time: validTime, polygons: 1, bbox: [0, 60, 10, 80], imported_at: validTime, ...over };
}

export function chartCollection(chart: IceChartSummary, features: IceChartFeature[], toleranceKm = 0): IceChartCollection {
  return { type: 'FeatureCollection', chart, tolerance_km: toleranceKm, features };
}
