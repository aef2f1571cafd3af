/**
 * Longitude/latitude rings made continuous for drawing, shared by the ice chart and the offline land: a ring whose
 * longitudes jump by 360° where it crosses 180° (Wrangel Island and Chukotka in Natural Earth, the ice charts'
 * polygons at 180°) would be filled as a band round the whole world at its latitudes. Each longitude is moved by
 * whole turns to within 180° of its predecessor, so such a ring keeps going past ±180° (MapLibre's tiles and deck.gl
 * in both projections place such longitudes where they belong); a ring that then ends a turn away from where it began
 * goes once round the pole and is closed through it. Degrees throughout.
 */

/** [longitude, latitude], degrees. */
export type LonLat = [number, number];

/** A longitude step of more than this (degrees) between neighbours is a jump across 180°, not an edge. */
const JUMP_DEGREES = 180;

/** Latitude (degrees) from which a vertex counts as the pole: edges along it close a ring round the pole. */
export const POLE_LAT = 89.999;

export const onPole = (point: readonly number[]): boolean => Math.abs(point[1]) >= POLE_LAT;

/**
 * The ring with each longitude moved by ±360° to within 180° of its predecessor. An edge along the pole is never a
 * jump, however long (a piece cut at 180° and closed over the pole runs along it for more than 180°). `winding` is how
 * far the ring's end was moved from its start: 0 for a ring that comes back, ±360 for one that goes once round.
 */
export function unwrapRing(ring: readonly (readonly number[])[]): { points: LonLat[]; winding: number } {
  const points: LonLat[] = [];
  let shift = 0;
  let previous: readonly number[] | null = null;
  for (const point of ring) {
    if (previous !== null && !(onPole(point) && onPole(previous))) {
      const step = point[0] + shift - (points[points.length - 1][0]);
      if (step > JUMP_DEGREES) shift -= 360;
      else if (step < -JUMP_DEGREES) shift += 360;
    }
    previous = point;
    points.push([point[0] + shift, point[1]]);
  }
  const first = points[0];
  const last = points[points.length - 1];
  const winding = first && last ? Math.round((last[0] - first[0]) / 360) * 360 : 0;
  return { points, winding };
}

/**
 * A ring that goes once round the pole, closed through it: two corners on the pole (±90° on the side the ring lies)
 * so the fill covers the cap between the ring and the pole.
 */
export function closeAroundPole(points: readonly LonLat[]): LonLat[] {
  const first = points[0];
  const last = points[points.length - 1];
  const meanLat = points.reduce((sum, [, lat]) => sum + lat, 0) / points.length;
  const pole = meanLat >= 0 ? 90 : -90;
  return [...points, [last[0], pole], [first[0], pole], first];
}

/** The middle of a ring's longitudes, degrees. */
export function centreLon(points: readonly LonLat[]): number {
  let west = Infinity;
  let east = -Infinity;
  for (const [lon] of points) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
  }
  return (west + east) / 2;
}

/** A whole ring moved by 360° steps so its middle lies within 180° of `target`. */
export function alignRing(points: LonLat[], target: number): LonLat[] {
  const offset = Math.round((target - centreLon(points)) / 360) * 360;
  return offset === 0 ? points : points.map(([lon, lat]) => [lon + offset, lat]);
}

export interface ContinuousRing {
  /** The ring's own points, continuous and beside the polygon's first ring (index for index with the input). */
  points: LonLat[];
  /** What to fill: `points`, closed through the pole when the ring goes round it. */
  fill: LonLat[];
}

/** A polygon's rings (outer first, then holes) continuous, the holes kept beside the outer ring; short rings left out. */
export function continuousRings(rings: readonly (readonly (readonly number[])[])[]): ContinuousRing[] {
  const out: ContinuousRing[] = [];
  let target: number | null = null;
  for (const ring of rings) {
    if (ring.length < 3) continue;
    const { points, winding } = unwrapRing(ring);
    const aligned = target === null ? points : alignRing(points, target);
    if (target === null) target = centreLon(aligned);
    out.push({ points: aligned, fill: winding === 0 ? aligned : closeAroundPole(aligned) });
  }
  return out;
}
