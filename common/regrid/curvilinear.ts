/**
 * Mapping for curvilinear grids (2-D latitude/longitude: ROMS, TOPAZ/neXtSIM, CMIP tripolar).
 *
 * Both the source cell centres and the target points go to one polar stereographic plane (proj4, a sphere of
 * radius 6371 km, the pole of the target's hemisphere at the centre: no seam at the antimeridian). Every
 * quadrilateral of four neighbouring source centres is put in a coarse bucket grid over the target's extent
 * (a spatial index); each target point tests the few quadrilaterals of its bucket and solves for its position
 * (s, t) inside the one that holds it (inverse bilinear). Points in no quadrilateral are outside the footprint.
 */
import proj4 from 'proj4';
import type { LatLon2dGrid, RegridMapping, RegridMethod, RegularGrid } from './types.ts';
import { extendAcrossSeams } from './seams.ts';
import { projectTarget } from './target-points.ts';

/** Source cells further than this (degrees of latitude) beyond the target's southern edge are left out. */
const LATITUDE_MARGIN = 10;
/** A quadrilateral spanning more buckets than this per side is degenerate (a tripolar fold, a seam). */
const MAX_QUAD_BUCKETS = 16;
/** Slack for points on a shared edge, in units of the quadrilateral's own (s, t). */
const EDGE = 1e-9;

const DEG = Math.PI / 180;

interface Plane {
  forward(lon: number, lat: number): [number, number];
}

/** proj4's own stereographic projection object, fed radians directly (no datum change: lat/lon as given). */
function stereographicPlane(north: boolean): Plane {
  const projection = proj4.Proj(`+proj=stere +lat_0=${north ? 90 : -90} +lon_0=0 +k=1 +x_0=0 +y_0=0 +R=6371000 +units=m +no_defs`) as unknown as {
    forward(p: { x: number; y: number }): { x: number; y: number };
  };
  const scratch = { x: 0, y: 0 };
  return {
    forward(lon, lat) {
      scratch.x = lon * DEG;
      scratch.y = lat * DEG;
      const p = projection.forward(scratch);
      return [p.x, p.y];
    },
  };
}

export function curvilinearMapping(source: LatLon2dGrid, target: RegularGrid, method: RegridMethod): RegridMapping {
  // Centres with the cells across the grid's seams (periodic columns, a north fold) as one more column and row.
  const extended = extendAcrossSeams(source.nx, source.ny, source.lat, source.lon, source.seams);
  const { nx, ny } = extended;
  const toSource = (k: number): number => (extended.remap ? extended.remap[k] : k);
  const n = target.nlat * target.nlon;
  const latLo = Math.min(target.lat0, target.lat0 + (target.nlat - 1) * target.dlat);
  const latHi = Math.max(target.lat0, target.lat0 + (target.nlat - 1) * target.dlat);
  const north = latLo + latHi >= 0;
  const plane = stereographicPlane(north);

  // Source centres in the plane; NaN for cells without coordinates or far outside the target's latitudes.
  const cells = nx * ny;
  const sx = new Float64Array(cells);
  const sy = new Float64Array(cells);
  for (let k = 0; k < cells; k++) {
    const lat = extended.lat[k];
    const lon = extended.lon[k];
    if (!(lat === lat && lon === lon) || (north ? lat < latLo - LATITUDE_MARGIN : lat > latHi + LATITUDE_MARGIN) || Math.abs(lat) > 90) {
      sx[k] = NaN;
      sy[k] = NaN;
      continue;
    }
    [sx[k], sy[k]] = plane.forward(lon, lat);
  }
  const points = projectTarget(target, (lon, lat) => plane.forward(lon, lat));

  // Bucket grid over the target points' extent.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let t = 0; t < n; t++) {
    const x = points.x[t];
    const y = points.y[t];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const quadSize = typicalQuadSize(sx, sy, nx, ny, minX, maxX, minY, maxY);
  const stride = method === 'nearest' ? 1 : 4;
  const index = new Int32Array(n * stride).fill(-1);
  const weight = new Float32Array(n * stride);
  const empty = { method, target: { ...target }, sourceHash: source.hash, sourceSize: source.nx * source.ny, stride, index, weight, footprintCount: 0 } as RegridMapping;
  if (!(quadSize > 0)) return empty;

  // About one quadrilateral per bucket, never more buckets than about 4 per target point.
  const spanX = maxX - minX || quadSize;
  const spanY = maxY - minY || quadSize;
  let size = quadSize;
  while ((spanX / size) * (spanY / size) > 4 * n + 16) size *= 2;
  const bx = Math.max(1, Math.ceil(spanX / size) + 1);
  const by = Math.max(1, Math.ceil(spanY / size) + 1);
  const buckets = bucketQuads(sx, sy, nx, ny, minX, minY, size, bx, by);

  let footprintCount = 0;
  const st = new Float64Array(2);
  // Neighbouring targets mostly fall in the same quadrilateral: try the last one found first.
  let last = -1;
  for (let t = 0; t < n; t++) {
    const px = points.x[t];
    const py = points.y[t];
    let found = -1;
    if (last >= 0 && inverseBilinear(sx, sy, last, last + 1, last + nx, last + nx + 1, px, py, st)) {
      found = last;
    } else {
      const b = Math.floor((py - minY) / size) * bx + Math.floor((px - minX) / size);
      for (let e = buckets.start[b]; e < buckets.start[b + 1]; e++) {
        const q = buckets.quads[e];
        if (inverseBilinear(sx, sy, q, q + 1, q + nx, q + nx + 1, px, py, st)) {
          found = q;
          break;
        }
      }
    }
    last = found;
    if (found < 0) continue;
    footprintCount++;
    const s = st[0];
    const u = st[1];
    if (method === 'nearest') {
      index[t] = toSource(nearestAround(sx, sy, nx, ny, found, s, u, px, py));
      weight[t] = 1;
      continue;
    }
    const o = 4 * t;
    index[o] = toSource(found);
    index[o + 1] = toSource(found + 1);
    index[o + 2] = toSource(found + nx);
    index[o + 3] = toSource(found + nx + 1);
    weight[o] = (1 - s) * (1 - u);
    weight[o + 1] = s * (1 - u);
    weight[o + 2] = (1 - s) * u;
    weight[o + 3] = s * u;
  }
  return { ...empty, footprintCount };
}

/** Median side (bounding box) of the quadrilaterals that fall in the target's extent, metres. */
function typicalQuadSize(sx: Float64Array, sy: Float64Array, nx: number, ny: number, minX: number, maxX: number, minY: number, maxY: number): number {
  const sizes: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt(((nx - 1) * (ny - 1)) / 20000)));
  for (let j = 0; j < ny - 1; j += step) {
    for (let i = 0; i < nx - 1; i += step) {
      const q = j * nx + i;
      const x = sx[q];
      const y = sy[q];
      if (!(x >= minX && x <= maxX && y >= minY && y <= maxY)) continue;
      const dx = Math.abs(sx[q + 1] - x) + Math.abs(sx[q + nx] - x);
      const dy = Math.abs(sy[q + 1] - y) + Math.abs(sy[q + nx] - y);
      const side = Math.max(dx, dy);
      if (side > 0 && Number.isFinite(side)) sizes.push(side);
    }
  }
  if (sizes.length === 0) return NaN;
  sizes.sort((a, b) => a - b);
  return sizes[sizes.length >> 1];
}

/** Quadrilaterals (by the index of their first corner, j·nx + i) per bucket, CSR: start[b]..start[b+1]. */
function bucketQuads(sx: Float64Array, sy: Float64Array, nx: number, ny: number, minX: number, minY: number, size: number, bx: number, by: number) {
  const count = new Int32Array(bx * by + 1);
  // Two passes (count, then fill) over the same visitor, so no per-bucket arrays are allocated.
  const visit = (fill: ((b: number, q: number) => void) | null) => {
    for (let j = 0; j < ny - 1; j++) {
      for (let i = 0; i < nx - 1; i++) {
        const q = j * nx + i;
        const x0 = sx[q], x1 = sx[q + 1], x2 = sx[q + nx + 1], x3 = sx[q + nx];
        const y0 = sy[q], y1 = sy[q + 1], y2 = sy[q + nx + 1], y3 = sy[q + nx];
        if (!(x0 === x0 && x1 === x1 && x2 === x2 && x3 === x3)) continue;
        if (!convex(x0, y0, x1, y1, x2, y2, x3, y3)) continue;
        const c0 = Math.floor((Math.min(x0, x1, x2, x3) - minX) / size);
        const c1 = Math.floor((Math.max(x0, x1, x2, x3) - minX) / size);
        const r0 = Math.floor((Math.min(y0, y1, y2, y3) - minY) / size);
        const r1 = Math.floor((Math.max(y0, y1, y2, y3) - minY) / size);
        if (c1 < 0 || r1 < 0 || c0 >= bx || r0 >= by) continue;
        if (c1 - c0 > MAX_QUAD_BUCKETS || r1 - r0 > MAX_QUAD_BUCKETS) continue;
        for (let r = Math.max(r0, 0); r <= Math.min(r1, by - 1); r++) {
          for (let c = Math.max(c0, 0); c <= Math.min(c1, bx - 1); c++) {
            if (fill) fill(r * bx + c, q);
            else count[r * bx + c + 1]++;
          }
        }
      }
    }
  };
  visit(null);
  for (let b = 0; b < bx * by; b++) count[b + 1] += count[b];
  const start = count;
  const quads = new Int32Array(start[bx * by]);
  const cursor = start.slice(0, bx * by);
  visit((b, q) => {
    quads[cursor[b]++] = q;
  });
  return { start, quads };
}

/** Corners in order around the quadrilateral turn the same way at every corner (no twist, no fold). */
function convex(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): boolean {
  const c0 = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1);
  const c1 = (x2 - x1) * (y3 - y2) - (y2 - y1) * (x3 - x2);
  const c2 = (x3 - x2) * (y0 - y3) - (y3 - y2) * (x0 - x3);
  const c3 = (x0 - x3) * (y1 - y0) - (y0 - y3) * (x1 - x0);
  return (c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0) || (c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0);
}

/**
 * Position (s along i, t along j, both 0..1) of point p in the quadrilateral with corners a = (i, j),
 * b = (i+1, j), d = (i, j+1), c = (i+1, j+1), from p = a + s·e + t·f + s·t·g; false when p is outside.
 * Eliminating s leaves a quadratic in t: (g×f)·t² + (e×f + h×g)·t + h×e = 0 (× = 2-D cross product).
 */
function inverseBilinear(sx: Float64Array, sy: Float64Array, a: number, b: number, d: number, c: number, px: number, py: number, out: Float64Array): boolean {
  const ax = sx[a];
  const ay = sy[a];
  // Cheap reject: outside the corners' bounding box (most candidates of a bucket are).
  if ((px < ax && px < sx[b] && px < sx[c] && px < sx[d]) || (px > ax && px > sx[b] && px > sx[c] && px > sx[d])) return false;
  if ((py < ay && py < sy[b] && py < sy[c] && py < sy[d]) || (py > ay && py > sy[b] && py > sy[c] && py > sy[d])) return false;
  const ex = sx[b] - ax;
  const ey = sy[b] - ay;
  const fx = sx[d] - ax;
  const fy = sy[d] - ay;
  const gx = ax - sx[b] + sx[c] - sx[d];
  const gy = ay - sy[b] + sy[c] - sy[d];
  const hx = px - ax;
  const hy = py - ay;
  // Quick reject on the bounding box of the corners.
  const k2 = gx * fy - gy * fx;
  const k1 = ex * fy - ey * fx + (hx * gy - hy * gx);
  const k0 = hx * ey - hy * ex;
  const scale = Math.abs(ex * fy - ey * fx); // twice the area, the natural size of k1
  let t1: number;
  let t2: number;
  if (Math.abs(k2) <= 1e-12 * scale) {
    // A parallelogram (or close): the quadratic is linear.
    t1 = t2 = -k0 / k1;
  } else {
    const disc = k1 * k1 - 4 * k0 * k2;
    if (disc < 0) return false;
    const w = Math.sqrt(disc);
    // Numerically stable roots: avoid subtracting nearly equal numbers.
    const q = -0.5 * (k1 + (k1 >= 0 ? w : -w));
    t1 = q / k2;
    t2 = q !== 0 ? k0 / q : t1;
  }
  return acceptRoot(t1, ex, ey, fx, fy, gx, gy, hx, hy, out) || (t2 !== t1 && acceptRoot(t2, ex, ey, fx, fy, gx, gy, hx, hy, out));
}

/** The root t if it and its s lie in [0, 1] (with EDGE slack): writes (s, t) and returns true. */
function acceptRoot(t: number, ex: number, ey: number, fx: number, fy: number, gx: number, gy: number, hx: number, hy: number, out: Float64Array): boolean {
  if (!(t >= -EDGE && t <= 1 + EDGE)) return false;
  const dx = ex + gx * t;
  const dy = ey + gy * t;
  const s = Math.abs(dx) >= Math.abs(dy) ? (hx - fx * t) / dx : (hy - fy * t) / dy;
  if (!(s >= -EDGE && s <= 1 + EDGE)) return false;
  out[0] = Math.min(Math.max(s, 0), 1);
  out[1] = Math.min(Math.max(t, 0), 1);
  return true;
}

/**
 * The source cell nearest to p (plane distance; the stereographic plane is conformal, so near a point it
 * ranks distances as the sphere does): the quadrilateral's corner closest in (s, t), then its 3 × 3
 * neighbourhood, which catches skewed cells where another centre is nearer.
 */
function nearestAround(sx: Float64Array, sy: Float64Array, nx: number, ny: number, quad: number, s: number, t: number, px: number, py: number): number {
  const corner = quad + (s >= 0.5 ? 1 : 0) + (t >= 0.5 ? nx : 0);
  const ci = corner % nx;
  const cj = (corner - ci) / nx;
  let best = corner;
  let bestD = Infinity;
  for (let j = Math.max(cj - 1, 0); j <= Math.min(cj + 1, ny - 1); j++) {
    for (let i = Math.max(ci - 1, 0); i <= Math.min(ci + 1, nx - 1); i++) {
      const k = j * nx + i;
      const dx = sx[k] - px;
      const dy = sy[k] - py;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
  }
  return best;
}
