/**
 * Longitude/latitude boxes (`bbox=west,south,east,north` of a subset: subset-query.ts), written once for the server
 * that cuts a window of its grid and the viewer that asks for one: the box's outline (a projected grid takes the box's
 * extent in its plane from it) and whether one box lies inside another. Degrees; west > east crosses 180°.
 */
import type { Bbox } from './subset-query.ts';

/** The longitudes a box spans, eastward from west: [west, east'] with east' > west (east + 360 when it crosses 180°). */
function eastwardSpan([west, , east]: Bbox): [number, number] {
  return [west, east > west ? east : east + 360];
}

/**
 * The box's outline, every ≤ `stepDeg`: its parallels from west eastward to east (past 180° when it crosses), then its
 * meridians; longitudes back in −180…180. A box reaching 90° has the pole on its outline.
 */
export function bboxOutline(bbox: Bbox, stepDeg: number): [number, number][] {
  const [, south, , north] = bbox;
  const [west, eastward] = eastwardSpan(bbox);
  const points: [number, number][] = [];
  const along = (from: number, to: number) => {
    const steps = Math.max(1, Math.ceil(Math.abs(to - from) / stepDeg));
    return Array.from({ length: steps + 1 }, (_, k) => from + ((to - from) * k) / steps);
  };
  for (const lon of along(west, eastward)) points.push([lon, south], [lon, north]);
  for (const lat of along(south, north)) points.push([west, lat], [eastward, lat]);
  return points.map(([lon, lat]) => [lon > 180 ? lon - 360 : lon, lat]);
}

/** Whether `inner` lies wholly inside `outer` (each may cross 180°; a box spanning 360° holds every longitude). */
export function bboxContains(outer: Bbox, inner: Bbox): boolean {
  if (inner[1] < outer[1] || inner[3] > outer[3]) return false;
  const [ow, oe] = eastwardSpan(outer);
  if (oe - ow >= 360) return true;
  const [iw, ie] = eastwardSpan(inner);
  // Inner's west turned into outer's span (a turn either way), then its east must not pass outer's east.
  const shift = ((((iw - ow) % 360) + 360) % 360) - (iw - ow);
  return ie + shift <= oe && ie - iw < 360;
}

/**
 * [first, count] of the cells of an evenly spaced axis (`centres`) that overlap [low, high], each centre also tried
 * turned by `turns` (longitudes: −360, 0, 360); null if none. A cell only touching the box at its edge is not in.
 */
export function coveringCells(centres: ArrayLike<number>, low: number, high: number, turns: readonly number[]): [number, number] | null {
  const n = centres.length;
  const half = n > 1 ? Math.abs(centres[n - 1] - centres[0]) / (n - 1) / 2 : 0.5;
  let first = Infinity;
  let last = -Infinity;
  for (let k = 0; k < n; k++) {
    const hit = turns.some((turn) => centres[k] + turn + half > low && centres[k] + turn - half < high);
    if (hit) {
      first = Math.min(first, k);
      last = Math.max(last, k);
    }
  }
  return first <= last ? [first, last - first + 1] : null;
}

/** [first, count] of the cells (centre a0 + k·step, n of them; metres in a plane) covering [low, high]; null if none. */
export function planarCells(a0: number, step: number, n: number, low: number, high: number): [number, number] | null {
  const edge = a0 - step / 2;
  const a = Math.floor((low - edge) / step);
  const b = Math.floor((high - edge) / step);
  const first = Math.max(0, Math.min(a, b));
  const last = Math.min(n - 1, Math.max(a, b));
  return first <= last ? [first, last - first + 1] : null;
}

/** Densest step of a box's outline when it is projected into a plane, degrees (the server's windows and the worker's). */
export const OUTLINE_STEP_DEG = 0.25;

/**
 * The rows and columns of a plane's grid (centres x0 + i·dx, y0 + j·dy; metres) covering the box: its outline every
 * OUTLINE_STEP_DEG through `forward` (lon, lat → x, y; points it cannot place, non-finite, are left out), then the
 * cells spanning that extent. Null when the box misses the grid.
 */
export function planarWindow(
  bbox: Bbox,
  forward: (point: [number, number]) => [number, number],
  grid: { x0: number; dx: number; nx: number; y0: number; dy: number; ny: number },
): { rows: [number, number]; columns: [number, number] } | null {
  let xmin = Infinity;
  let xmax = -Infinity;
  let ymin = Infinity;
  let ymax = -Infinity;
  for (const point of bboxOutline(bbox, OUTLINE_STEP_DEG)) {
    const [x, y] = forward(point);
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    xmin = Math.min(xmin, x);
    xmax = Math.max(xmax, x);
    ymin = Math.min(ymin, y);
    ymax = Math.max(ymax, y);
  }
  const columns = planarCells(grid.x0, grid.dx, grid.nx, xmin, xmax);
  const rows = planarCells(grid.y0, grid.dy, grid.ny, ymin, ymax);
  return columns && rows ? { rows, columns } : null;
}
