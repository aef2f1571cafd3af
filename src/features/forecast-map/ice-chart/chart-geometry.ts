/**
 * Chart polygons made ready for the map, once per chart: rings with continuous longitudes, so a polygon crossing
 * 180° is drawn as one piece instead of a band across the whole map (its points east of 180° keep going past 180°,
 * which both projections place where they belong), and rings that wind once around the pole closed along the pole's
 * parallel. Outlines keep the rings as drawn on the chart (no closing edges to the pole). Longitudes and latitudes in
 * degrees throughout.
 */
import type { IceChartFeature, IceChartPolygonProperties } from '../../../api/icecharts.ts';

/** [longitude, latitude], degrees. */
export type Position = [number, number];
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

/** A longitude step of more than this (degrees) between neighbours is a jump across 180°, not an edge. */
const JUMP_DEGREES = 180;

/**
 * The ring with each longitude moved by ±360° to within 180° of its predecessor. `winding` is how far the ring's
 * end was moved from its start: 0 for a ring that comes back, ±360 for one that goes once around the pole.
 */
export function unwrapRing(ring: readonly Position[]): { points: Position[]; winding: number } {
  const points: Position[] = [];
  let shift = 0;
  let previous: number | null = null;
  for (const [lon, lat] of ring) {
    if (previous !== null) {
      const step = lon + shift - previous;
      if (step > JUMP_DEGREES) shift -= 360;
      else if (step < -JUMP_DEGREES) shift += 360;
    }
    previous = lon + shift;
    points.push([previous, lat]);
  }
  const first = points[0];
  const last = points[points.length - 1];
  const winding = first && last ? Math.round((last[0] - first[0]) / 360) * 360 : 0;
  return { points, winding };
}

/**
 * A ring that goes once around the pole, closed through it: two corners on the pole (±90° on the side the ring lies)
 * so the fill covers the cap between the ring and the pole, as the chart means it.
 */
function closeAroundPole(points: Position[]): Position[] {
  const first = points[0];
  const last = points[points.length - 1];
  const meanLat = points.reduce((sum, [, lat]) => sum + lat, 0) / points.length;
  const pole = meanLat >= 0 ? 90 : -90;
  return [...points, [last[0], pole], [first[0], pole], first];
}

const centre = (points: readonly Position[]): number => {
  let west = Infinity;
  let east = -Infinity;
  for (const [lon] of points) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
  }
  return (west + east) / 2;
};

/** Move a whole ring by 360° steps so its middle lies within 180° of `target`. */
function alignRing(points: Position[], target: number): Position[] {
  const offset = Math.round((target - centre(points)) / 360) * 360;
  return offset === 0 ? points : points.map(([lon, lat]) => [lon + offset, lat]);
}

/** Latitude (degrees) from which a vertex counts as the pole: edges to it close a ring, they are not the chart's lines. */
const POLE_LAT = 89.999;

/** A ring as outline paths: the edges that run to or along the pole (a ring closed round it) left out. */
function outlinePaths(points: Position[]): Position[][] {
  const paths: Position[][] = [];
  let current: Position[] = [];
  for (const point of points) {
    if (Math.abs(point[1]) >= POLE_LAT) {
      if (current.length > 1) paths.push(current);
      current = [];
    } else current.push(point);
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
  const fill: Position[][] = [];
  const outlines: Position[][] = [];
  let target: number | null = null;
  for (const ring of rings) {
    if (ring.length < 3) continue;
    const { points, winding } = unwrapRing(ring);
    const aligned = target === null ? points : alignRing(points, target);
    if (target === null) target = centre(aligned);
    outlines.push(...outlinePaths(aligned));
    fill.push(winding === 0 ? aligned : closeAroundPole(aligned));
  }
  if (fill.length === 0) return null;
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

/** Even-odd rule over all the polygon's rings: inside the outer ring and in no hole. */
function inRings(rings: readonly Position[][], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * The polygon under a point (longitude in any of its 360° copies), or null. The chart's polygons do not overlap,
 * so the first hit is the one; polygons are tested after a bounding-box check (a few µs for a 342-polygon chart).
 */
export function polygonAt(polygons: readonly PreparedPolygon[], lon: number, lat: number): PreparedPolygon | null {
  for (const polygon of polygons) {
    const [west, south, east, north] = polygon.bbox;
    if (lat < south || lat > north) continue;
    for (const copy of [lon, lon - 360, lon + 360]) {
      if (copy >= west && copy <= east && inRings(polygon.rings, copy, lat)) return polygon;
    }
  }
  return null;
}
