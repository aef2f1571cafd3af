/**
 * Rings in longitude/latitude made whole across ±180° and around the pole, then cut into the [-180, 180] window
 * (RFC 7946 §3.1.9): a ring that runs from 179.9° to -179.9° is one small polygon straddling the antimeridian,
 * not a band across the whole map; a ring whose longitudes wind once round the pole encloses the pole.
 */
import { intersection } from 'polyclip-ts';
import type { MultiPoly, Ring } from './geometry-types.ts';

/** Longitudes made continuous along the ring: each step taken as the shorter way round (|Δλ| ≤ 180°). */
export function unwrapRing(ring: Ring): Ring {
  if (ring.length === 0) return [];
  const out: Ring = [[ring[0][0], ring[0][1]]];
  for (let i = 1; i < ring.length; i += 1) {
    const previous = out[i - 1][0];
    let lon = ring[i][0];
    while (lon - previous > 180) lon -= 360;
    while (lon - previous < -180) lon += 360;
    out.push([lon, ring[i][1]]);
  }
  return out;
}

/**
 * The ring as a closed planar polygon in continuous longitudes. A ring whose unwrapped longitudes end 360° away
 * from where they began winds round the pole: it is closed along the parallel of the pole on its side (90° or −90°,
 * taken from its mean latitude), so it encloses the pole.
 */
export function closeRing(ring: Ring): Ring {
  const open = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring.slice();
  const unwrapped = unwrapRing([...open, open[0]]);
  const winding = unwrapped[unwrapped.length - 1][0] - unwrapped[0][0];
  const body = unwrapped.slice(0, -1);
  if (Math.abs(winding) < 180) return body;
  const meanLat = body.reduce((sum, point) => sum + point[1], 0) / body.length;
  const pole = meanLat >= 0 ? 90 : -90;
  const end = unwrapped[unwrapped.length - 1];
  return [...body, end, [end[0], pole], [body[0][0], pole]];
}

const box = (west: number, east: number): Ring => [
  [west, -90],
  [east, -90],
  [east, 90],
  [west, 90],
  [west, -90],
];

/** A closed ring in continuous longitudes cut into the [-180, 180] window, each piece shifted by whole turns. */
export function cutToWindow(ring: Ring): MultiPoly {
  let west = Infinity;
  let east = -Infinity;
  for (const [lon] of ring) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
  }
  const closed = [...ring, ring[0]];
  if (west >= -180 && east <= 180) return [[closed]];
  const pieces: MultiPoly = [];
  for (let turn = Math.floor((west + 180) / 360); turn * 360 - 180 < east; turn += 1) {
    const offset = turn * 360;
    const inside = intersection([closed], [box(offset - 180, offset + 180)]);
    for (const poly of inside) pieces.push(poly.map((part) => part.map(([lon, lat]) => [lon - offset, lat] as [number, number])));
  }
  return pieces;
}
