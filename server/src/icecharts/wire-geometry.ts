/**
 * The full chart as it goes on the wire: coordinates at the precision the chart is drawn to, and vertices that lie
 * within 200 m of the line through their neighbours dropped, without opening a gap or an overlap between
 * neighbouring polygons. AARI digitises its lines with vertices 1–2 km apart, and a pan-Arctic chart's line is
 * kilometres wide at its scale; 1e-3° (≤ 56 m of latitude, less of longitude in the Arctic) and 200 m are inside the
 * chart's own accuracy: the AARI chart's brotli body goes from 398 KB to about 293 KB (50 m gave 314 KB, 100 m 304 KB;
 * bench/README.md). Polygons under SMALL_KM2 keep the stored precision (1e-4°) and every vertex, so each polygon's
 * area stays within 0.5 % of the stored one, the area check's own bound (a 1 km² polygon would not).
 *
 * Topology: a vertex is rounded the same way in every ring that holds it (its precision is decided per vertex:
 * fine when any polygon holding it is small). Each ring is cut into arcs at its junctions (where the set of rings
 * sharing the edge changes); an arc shared by two rings is one sequence of vertices, simplified once, in one
 * canonical direction, so both rings keep exactly the same vertices.
 */
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import type { MultiPoly, Ring } from './geometry-types.ts';
import { simplifyArc } from './simplify.ts';

/** Coordinate step on the wire, degrees. */
const COARSE = 1e3;
/** Coordinate step of small polygons (as stored), degrees. */
const FINE = 1e4;
/** How far a dropped vertex may lie from the kept line, km. */
export const WIRE_TOLERANCE_KM = 0.2;
/** Polygons smaller than this (km²) keep the stored precision and all their vertices. */
const SMALL_KM2 = 1000;

const polysOf = (feature: IceChartFeature): MultiPoly =>
  (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as MultiPoly;
const keyOf = (p: [number, number]) => `${p[0]},${p[1]}`;
/** Vertices on the ±180° cut or at the pole stay: distances in km say nothing of them (a pole edge has no length). */
const onSeam = (p: [number, number]) => Math.abs(p[0]) >= 179.999 || Math.abs(p[1]) >= 89.999;

/** The features with their geometry made ready for the wire (see the header); properties untouched. */
export function wireFeatures(features: readonly IceChartFeature[]): IceChartFeature[] {
  // Per vertex (stored coordinates): fine when any polygon holding it is small.
  const fine = new Set<string>();
  for (const feature of features) {
    if (feature.properties.area_km2 >= SMALL_KM2) continue;
    for (const poly of polysOf(feature)) for (const ring of poly) for (const p of ring) fine.add(keyOf(p));
  }
  const round = (p: [number, number]): [number, number] => {
    const f = fine.has(keyOf(p)) ? FINE : COARSE;
    return [Math.round(p[0] * f) / f, Math.round(p[1] * f) / f];
  };
  const rings: Ring[] = [];
  const shapes = features.map((feature) => polysOf(feature).map((poly) => poly.map((ring) => rings.push(dedupe(ring.map(round), ring)) - 1)));
  const simplified = simplifyShared(rings, (ring) => ring.some((p) => fine.has(keyOf(p))));
  return features.map((feature, k) => {
    const polys = shapes[k].map((poly) => poly.map((index) => simplified[index]));
    const geometry = feature.geometry.type === 'Polygon' ? { type: 'Polygon' as const, coordinates: polys[0] } : { type: 'MultiPolygon' as const, coordinates: polys };
    return { ...feature, geometry };
  });
}

/** A rounded ring without repeated consecutive points (closed again); the stored ring when too few would be left. */
function dedupe(ring: Ring, stored: Ring): Ring {
  const out: Ring = [];
  for (const p of ring) if (out.length === 0 || out[out.length - 1][0] !== p[0] || out[out.length - 1][1] !== p[1]) out.push(p);
  return out.length >= 4 ? out : stored;
}

/**
 * Simplify each ring arc by arc: junctions stay, and arcs shared by several rings come out the same in each.
 * `keepAll(ring)`: rings whose arcs are left whole (a small polygon's).
 */
function simplifyShared(rings: Ring[], keepAll: (ring: Ring) => boolean): Ring[] {
  const edgeRings = new Map<string, string>();
  const edgeKey = (a: [number, number], b: [number, number]) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
  };
  const whole = new Set<string>();
  // How many rings hold each vertex: a vertex another ring touches is a junction even inside a shared arc.
  const vertexRings = new Map<string, number>();
  rings.forEach((ring, r) => {
    const all = keepAll(ring);
    for (const key of new Set(ring.map(keyOf))) vertexRings.set(key, (vertexRings.get(key) ?? 0) + 1);
    for (let i = 0; i + 1 < ring.length; i++) {
      const key = edgeKey(ring[i], ring[i + 1]);
      edgeRings.set(key, `${edgeRings.get(key) ?? ''}${r};`);
      if (all) whole.add(key);
    }
  });
  const cache = new Map<string, boolean[]>();
  return rings.map((ring) => {
    const n = ring.length - 1; // distinct points of the closed ring
    if (n < 4) return ring;
    const sharing = (i: number) => edgeRings.get(edgeKey(ring[i % n], ring[(i + 1) % n]))!;
    let junctions = [];
    const ringsOf = (edges: string) => edges.split(';').length - 1;
    for (let i = 0; i < n; i++) {
      const before = sharing((i + n - 1) % n);
      if (before !== sharing(i) || vertexRings.get(keyOf(ring[i])) !== ringsOf(before) || onSeam(ring[i])) junctions.push(i);
    }
    if (junctions.length === 0) {
      // One arc all round: start it at the ring's least vertex, which any ring sharing it all round picks too.
      let least = 0;
      for (let i = 1; i < n; i++) if (keyOf(ring[i]) < keyOf(ring[least])) least = i;
      junctions = [least];
    }
    const kept = new Array<boolean>(n).fill(false);
    for (const [j, start] of junctions.entries()) {
      const end = junctions[(j + 1) % junctions.length] + (j + 1 === junctions.length ? n : 0);
      const arc: Ring = [];
      for (let i = start; i <= end; i++) arc.push(ring[i % n]);
      const mask = arc.length <= 2 || whole.has(edgeKey(arc[0], arc[1])) ? arc.map(() => true) : arcMask(arc, cache);
      mask.forEach((keep, k) => {
        if (keep) kept[(start + k) % n] = true;
      });
    }
    const out = ring.slice(0, n).filter((_, i) => kept[i]);
    out.push(out[0]);
    return out.length >= 4 ? out : ring;
  });
}

/** Which points of an open arc stay: computed in one canonical direction, so a shared arc is simplified once. */
function arcMask(arc: Ring, cache: Map<string, boolean[]>): boolean[] {
  const forward = arc.map(keyOf).join(';');
  const backward = [...arc].reverse().map(keyOf).join(';');
  const reversed = backward < forward;
  const canonical = reversed ? backward : forward;
  let mask = cache.get(canonical);
  if (!mask) {
    mask = simplifyArc(reversed ? [...arc].reverse() : arc, WIRE_TOLERANCE_KM);
    cache.set(canonical, mask);
  }
  return reversed ? [...mask].reverse() : mask;
}
