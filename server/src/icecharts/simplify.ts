/**
 * Polygons simplified for slow links (`?tolerance_km=`): Douglas–Peucker on each ring with distances in km (longitude
 * scaled by the cosine of latitude), never losing a polygon: an outer ring that would collapse keeps its original
 * points, a hole that would collapse is dropped.
 */
import type { IceChartFeature, IceChartGeometry } from '../../../common/api-types/icecharts.ts';
import type { Ring } from './geometry-types.ts';

const KM_PER_DEG = 111.195; // mean meridian degree, km

function toKm([lon, lat]: [number, number]): [number, number] {
  return [lon * KM_PER_DEG * Math.cos((lat * Math.PI) / 180), lat * KM_PER_DEG];
}

function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** The indices Douglas–Peucker keeps of an open polyline (iteratively: rings have tens of thousands of points). */
function keep(points: [number, number][], toleranceKm: number): boolean[] {
  const kept = new Array<boolean>(points.length).fill(false);
  kept[0] = true;
  kept[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = toleranceKm;
    for (let i = first + 1; i < last; i += 1) {
      const distance = segmentDistance(points[i], points[first], points[last]);
      if (distance > worstDistance) {
        worst = i;
        worstDistance = distance;
      }
    }
    if (worst >= 0) {
      kept[worst] = true;
      stack.push([first, worst], [worst, last]);
    }
  }
  return kept;
}

/** Which points of an open polyline (lon, lat degrees) Douglas–Peucker keeps at `toleranceKm` (ends always). */
export function simplifyArc(points: Ring, toleranceKm: number): boolean[] {
  return keep(points.map(toKm), toleranceKm);
}

/** A closed ring simplified; null when fewer than 4 points (a triangle and its closing point) would be left. */
export function simplifyRing(ring: Ring, toleranceKm: number): Ring | null {
  if (ring.length <= 4) return ring;
  const km = ring.map(toKm);
  // split at the point farthest from the first, so the closed ring's two halves are simplified as open lines
  let far = 1;
  for (let i = 1; i < km.length; i += 1) if (Math.hypot(km[i][0] - km[0][0], km[i][1] - km[0][1]) > Math.hypot(km[far][0] - km[0][0], km[far][1] - km[0][1])) far = i;
  const firstHalf = keep(km.slice(0, far + 1), toleranceKm);
  const secondHalf = keep(km.slice(far), toleranceKm);
  const out: Ring = [];
  ring.forEach((point, i) => {
    if ((i <= far && firstHalf[i]) || (i > far && secondHalf[i - far])) out.push(point);
  });
  const closed = out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1];
  if (!closed) out.push(out[0]);
  return out.length >= 4 ? out : null;
}

function simplifyPolygon(rings: Ring[], toleranceKm: number): Ring[] {
  const [outer, ...holes] = rings;
  const simplified = [simplifyRing(outer, toleranceKm) ?? outer];
  for (const hole of holes) {
    const kept = simplifyRing(hole, toleranceKm);
    if (kept) simplified.push(kept);
  }
  return simplified;
}

export function simplifyGeometry(geometry: IceChartGeometry, toleranceKm: number): IceChartGeometry {
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: simplifyPolygon(geometry.coordinates as Ring[], toleranceKm) };
  return { type: 'MultiPolygon', coordinates: (geometry.coordinates as Ring[][]).map((rings) => simplifyPolygon(rings, toleranceKm)) };
}

export function simplifyFeatures(features: IceChartFeature[], toleranceKm: number): IceChartFeature[] {
  if (toleranceKm <= 0) return features;
  return features.map((feature) => ({ ...feature, geometry: simplifyGeometry(feature.geometry, toleranceKm) }));
}
