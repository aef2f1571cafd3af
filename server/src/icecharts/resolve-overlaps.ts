/**
 * Each point of the chart in exactly one polygon. AARI writes the polygons round the pole as big rings with other
 * polygons lying inside them but not cut out as holes; drawn, hovered or scored as they are, a point there would
 * belong to two polygons. Rule: the smaller polygon keeps the place (it is the detail the analyst drew inside the
 * larger one), and the larger one gets it cut out.
 *
 * Two polygons are taken to overlap when a point inside the smaller (`interiorPoint`) is inside the larger (it lies
 * in it), or when both cover the centre of a cell of a coarse grid (`sharedCells`: AARI's two largest polygons
 * overlap near the pole without either lying in the other). Neighbours that only share edges are left alone, so
 * the costly difference runs only where it is needed.
 */
import { difference } from 'polyclip-ts';
import type { MultiPoly, Ring } from './geometry-types.ts';

export type Box = [number, number, number, number];

/** [west, south, east, north] of the polygons' outer rings, degrees. */
export function bounds(polys: MultiPoly): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polys) {
    for (const [x, y] of poly[0] ?? []) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}

/** Even-odd: inside when a ray to +x crosses the polygons' rings an odd number of times. */
export function containsPoint(polys: MultiPoly, x: number, y: number): boolean {
  let inside = false;
  for (const poly of polys) {
    for (const ring of poly) inside = ringCrossings(ring, x, y) % 2 === 1 ? !inside : inside;
  }
  return inside;
}

function ringCrossings(ring: Ring, x: number, y: number): number {
  let crossings = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) crossings += 1;
  }
  return crossings;
}

/**
 * A point strictly inside the polygons: on the horizontal line through the middle of the largest part's box, the
 * middle of the widest stretch that lies inside. Null for a degenerate polygon.
 */
export function interiorPoint(polys: MultiPoly): [number, number] | null {
  let best: [number, number] | null = null;
  let bestWidth = 0;
  for (const poly of polys) {
    const [, south, , north] = bounds([poly]);
    for (const fraction of [0.5, 0.3, 0.7]) {
      const y = south + (north - south) * fraction;
      const xs: number[] = [];
      for (const ring of poly) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
          const [xi, yi] = ring[i];
          const [xj, yj] = ring[j];
          if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        if (xs[k + 1] - xs[k] > bestWidth) {
          bestWidth = xs[k + 1] - xs[k];
          best = [(xs[k] + xs[k + 1]) / 2, y];
        }
      }
    }
  }
  return best;
}

const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * The regions with every smaller region that lies inside a larger one cut out of it. `areas` orders them (any
 * unit); regions keep their index. Returns how many regions were cut, for the job's message.
 */
export function resolveOverlaps(regions: MultiPoly[], areas: number[]): { regions: MultiPoly[]; cut: number } {
  const boxes = regions.map(bounds);
  const points = regions.map(interiorPoint);
  const order = regions.map((_, index) => index).sort((a, b) => areas[a] - areas[b]);
  const shared = sharedCells(regions);
  const out = regions.slice();
  let cut = 0;
  order.forEach((large, rank) => {
    const inside: MultiPoly[] = [];
    for (const small of order.slice(0, rank)) {
      if (!overlaps(boxes[small], boxes[large])) continue;
      const point = points[small];
      const nested = point !== null && containsPoint(regions[large], point[0], point[1]);
      if (nested || shared.has(pairKey(small, large))) inside.push(regions[small]);
    }
    if (inside.length === 0) return;
    out[large] = difference(regions[large], ...inside);
    cut += 1;
  });
  return { regions: out, cut };
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Grid of cell centres (degrees) the overlap check fills: 0.25° of longitude by 0.1° of latitude. */
const GRID = { dLon: 0.25, dLat: 0.1 };

/**
 * Pairs of regions (`pairKey`) that both cover the centre of some cell of a 0.25° × 0.1° grid, found by filling each
 * region row by row (even-odd crossings of its rings with the row's parallel): one pass over the edges and cells.
 */
export function sharedCells(regions: MultiPoly[]): Set<string> {
  const nLon = Math.round(360 / GRID.dLon);
  const nLat = Math.round(180 / GRID.dLat);
  const owner = new Int32Array(nLon * nLat).fill(-1);
  const pairs = new Set<string>();
  regions.forEach((region, index) => {
    const crossings = new Map<number, number[]>();
    for (const poly of region) {
      for (const ring of poly) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
          const [x0, y0] = ring[j];
          const [x1, y1] = ring[i];
          if (y0 === y1) continue;
          const low = Math.ceil((Math.min(y0, y1) + 90) / GRID.dLat - 0.5);
          const high = Math.floor((Math.max(y0, y1) + 90) / GRID.dLat - 0.5);
          for (let row = Math.max(0, low); row <= Math.min(nLat - 1, high); row += 1) {
            const y = (row + 0.5) * GRID.dLat - 90;
            if (y0 > y === y1 > y) continue;
            const x = x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
            const list = crossings.get(row) ?? [];
            list.push(x);
            crossings.set(row, list);
          }
        }
      }
    }
    for (const [row, xs] of crossings) {
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const first = Math.max(0, Math.ceil((xs[k] + 180) / GRID.dLon - 0.5));
        const last = Math.min(nLon - 1, Math.floor((xs[k + 1] + 180) / GRID.dLon - 0.5));
        for (let col = first; col <= last; col += 1) {
          const cell = row * nLon + col;
          const previous = owner[cell];
          if (previous >= 0 && previous !== index) pairs.add(pairKey(previous, index));
          owner[cell] = index;
        }
      }
    }
  });
  return pairs;
}
