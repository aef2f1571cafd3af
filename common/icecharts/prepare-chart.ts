/**
 * Chart polygons made ready for the map, once per chart (in the chart worker, or on the page): rings with
 * continuous longitudes (`../lonlat-rings.ts`: a ring crossing 180° is one piece, not a band round the world; a
 * ring winding round the pole is closed through it). Outlines are the chart's lines only: the edges the server added
 * along the pole and along its cut at ±180° are left out. Longitudes and latitudes in degrees throughout.
 */
import type { IceChartFeature, IceChartPolygonProperties } from '../api-types/icecharts.ts';
import { continuousRings, onPole, type LonLat } from '../lonlat-rings.ts';

/** [longitude, latitude], degrees. */
export type Position = LonLat;
type PolygonRings = Position[][];

export interface PreparedPolygon {
  /** The polygon's id in the chart (its index there, the same whole or simplified): what a click selects and the URL keeps. */
  index: number;
  properties: IceChartPolygonProperties;
  /** Fill rings: the outer ring first, then holes; longitudes continuous, possibly beyond ±180°. */
  rings: Position[][];
  /** The rings as outlines: the same points without the closing edges along the pole. */
  outlines: Position[][];
  /** [west, south, east, north] of `rings`, degrees (west may be < −180 or east > 180). */
  bbox: [number, number, number, number];
}

/** The served chart's cut at ±180° (RFC 7946): an edge between two such longitudes is the cut, not the chart's line. */
const CUT_LON = 180;
const onCut = (point: readonly number[]): boolean => Math.abs(point[0]) === CUT_LON;

/**
 * A ring as outline paths: `points` are the continuous points of `raw`, index for index. The edges that run along
 * the pole (a ring closed round it) or along the ±180° cut (a polygon the server cut in two there) are left out, so
 * neither shows as a line on the map.
 */
function outlinePaths(raw: readonly (readonly number[])[], points: readonly Position[]): Position[][] {
  const paths: Position[][] = [];
  let current: Position[] = [];
  for (let i = 0; i < points.length; i += 1) {
    if (onPole(raw[i])) {
      if (current.length > 1) paths.push(current);
      current = [];
      continue;
    }
    if (i > 0 && onCut(raw[i]) && onCut(raw[i - 1])) {
      if (current.length > 1) paths.push(current);
      current = [];
    }
    current.push(points[i]);
  }
  if (current.length > 1) paths.push(current);
  return paths;
}

function boundsOf(rings: readonly Position[][]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [lon, lat] of ring) {
      if (lon < box[0]) box[0] = lon;
      if (lat < box[1]) box[1] = lat;
      if (lon > box[2]) box[2] = lon;
      if (lat > box[3]) box[3] = lat;
    }
  }
  return box;
}

/** One polygon (outer ring, holes) made continuous; its west edge is kept within [−180°, 180°). */
export function preparePolygon(index: number, properties: IceChartPolygonProperties, rings: PolygonRings): PreparedPolygon | null {
  const kept = rings.filter((ring) => ring.length >= 3);
  const continuous = continuousRings(kept);
  if (continuous.length === 0) return null;
  const fill = continuous.map((ring) => ring.fill);
  const outlines = continuous.flatMap((ring, i) => outlinePaths(kept[i], ring.points));
  const bbox = boundsOf(fill);
  const offset = bbox[0] >= 180 ? -360 : bbox[0] < -180 ? 360 : 0;
  if (offset === 0) return { index, properties, rings: fill, outlines, bbox };
  const move = (ring: Position[]): Position[] => ring.map(([lon, lat]) => [lon + offset, lat]);
  return { index, properties, rings: fill.map(move), outlines: outlines.map(move), bbox: [bbox[0] + offset, bbox[1], bbox[2] + offset, bbox[3]] };
}

/** Every polygon of a chart (a MultiPolygon gives one per part, all with the feature's id). */
export function prepareChart(features: readonly IceChartFeature[]): PreparedPolygon[] {
  const prepared: PreparedPolygon[] = [];
  for (const feature of features) {
    const { geometry } = feature;
    const parts = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as PolygonRings[];
    for (const rings of parts) {
      const polygon = preparePolygon(feature.id, feature.properties, rings);
      if (polygon) prepared.push(polygon);
    }
  }
  return prepared;
}
