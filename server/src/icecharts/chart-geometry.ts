/**
 * One record's rings turned into its region on the map: unprojected, made whole across ±180° and round the pole,
 * cut into the [-180, 180] window, then combined even-odd (a point is inside when it lies inside an odd number of
 * the record's rings). Even-odd needs no ring orientation, so AARI's polygons written only as 'interior holes'
 * (counterclockwise rings, negative AREA) come out as what was drawn, and the union/xor pass repairs
 * self-intersecting rings.
 */
import { union, xor } from 'polyclip-ts';
import { closeRing, cutToWindow } from './antimeridian.ts';
import type { MultiPoly, Ring } from './geometry-types.ts';
import type { ChartProjection } from './projection.ts';

export function recordRegion(rings: Ring[], projection: ChartProjection): MultiPoly {
  const pieces = rings.map((ring) => cutToWindow(closeRing(projection.toLonLat(ring)))).filter((piece) => piece.length > 0);
  if (pieces.length === 0) return [];
  return pieces.length === 1 ? union(pieces[0]) : xor(pieces[0], ...pieces.slice(1));
}

/** Coordinates rounded to `digits` decimals (4: at most 11 m, finer than any chart is drawn), repeated points dropped, rings of < 4 points dropped. */
export function roundRegion(region: MultiPoly, digits = 4): MultiPoly {
  const scale = 10 ** digits;
  const out: MultiPoly = [];
  for (const poly of region) {
    const rings: Ring[] = [];
    for (const ring of poly) {
      const rounded: Ring = [];
      for (const [x, y] of ring) {
        const point: [number, number] = [Math.round(x * scale) / scale, Math.round(y * scale) / scale];
        const last = rounded[rounded.length - 1];
        if (!last || last[0] !== point[0] || last[1] !== point[1]) rounded.push(point);
      }
      if (rounded.length >= 4) rings.push(rounded);
      else if (rings.length === 0) break; // the outer ring vanished: the holes have nothing to sit in
    }
    if (rings.length > 0) out.push(rings);
  }
  return out;
}

/**
 * [west, south, east, north] of regions in degrees. West > east when the chart is cut by 180° (its longitudes lie on
 * both sides with the widest empty stretch elsewhere): the box runs east from `west` across 180° to `east`.
 */
export function chartBbox(regions: MultiPoly[]): [number, number, number, number] {
  const BINS = 3600; // 0.1° bins of longitude
  const used = new Uint8Array(BINS);
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const region of regions) {
    for (const poly of region) {
      const ring = poly[0] ?? [];
      ring.forEach(([lon, lat], i) => {
        // every bin an edge passes over, not only its ends: AARI's edges run tens of degrees along parallels
        const next = ring[(i + 1) % ring.length][0];
        const from = binOf(Math.min(lon, next));
        const to = binOf(Math.max(lon, next));
        used.fill(1, from, to + 1);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
        west = Math.min(west, lon);
        east = Math.max(east, lon);
      });
    }
  }
  if (south > north) return [0, 0, 0, 0];
  // the widest run of empty bins, going round: a box across 180° when it is not at the window's edges
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < BINS; start += 1) {
    if (used[start] || used[(start + BINS - 1) % BINS] === 0) continue;
    let length = 0;
    while (length < BINS && used[(start + length) % BINS] === 0) length += 1;
    if (length > bestLength) {
      bestLength = length;
      bestStart = start;
    }
  }
  const wrapsAtEdge = used[0] === 1 && used[BINS - 1] === 1;
  if (bestStart >= 0 && wrapsAtEdge && bestStart + bestLength < BINS) {
    return [round((bestStart + bestLength) / 10 - 180), round(south), round(bestStart / 10 - 180), round(north)];
  }
  return [round(west), round(south), round(east), round(north)];
}

const binOf = (lon: number) => Math.min(3599, Math.max(0, Math.floor((lon + 180) * 10)));
const round = (value: number) => Math.round(value * 1e4) / 1e4;
