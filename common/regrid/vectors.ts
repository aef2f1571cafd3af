/**
 * Vectors: grid-relative components → east/north, displacements → velocities, components → the product's
 * speed (m/s) and direction (radians, bearing clockwise from north the ice moves towards).
 */
import { RegridError, regridReasonsRu } from './errors.ts';
import { converter } from './projection.ts';
import { unitFactor } from './units.ts';
import type { EastNorth, SourceGrid } from './types.ts';
import { LruCache } from '../lru-cache.ts';

const DEG = Math.PI / 180;

/** Initial bearing (radians, clockwise from north) from (lat1, lon1) to (lat2, lon2), degrees in. */
function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const f1 = lat1 * DEG;
  const f2 = lat2 * DEG;
  const dl = (lon2 - lon1) * DEG;
  return Math.atan2(Math.sin(dl) * Math.cos(f2), Math.cos(f1) * Math.sin(f2) - Math.sin(f1) * Math.cos(f2) * Math.cos(dl));
}

/** Bearings of the grid's +x (column) and +y (row) directions at every source cell, cached per grid. */
const axesCache = new LruCache<string, { bx: Float64Array; by: Float64Array }>(8);

function axisBearings(source: SourceGrid): { bx: Float64Array; by: Float64Array } {
  const cached = axesCache.get(source.hash);
  if (cached) return cached;
  const { nx, ny } = source;
  const bx = new Float64Array(nx * ny);
  const by = new Float64Array(nx * ny);
  if (source.kind === 'projected') {
    // A step of a hundredth of a cell along each axis, mapped back to lat/lon by proj4.
    const inverse = converter(source.proj4).inverse;
    const hx = (nx > 1 ? (source.x[1] - source.x[0]) : 1000) * 0.01;
    const hy = (ny > 1 ? (source.y[1] - source.y[0]) : 1000) * 0.01;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const k = j * nx + i;
        const x = source.x[i];
        const y = source.y[j];
        const [lon0, lat0] = inverse([x, y]);
        const [lonX, latX] = inverse([x + hx, y]);
        const [lonY, latY] = inverse([x, y + hy]);
        // The axes point towards increasing x and y: a step of negative size looks backwards.
        bx[k] = bearing(lat0, lon0, latX, lonX) + (hx < 0 ? Math.PI : 0);
        by[k] = bearing(lat0, lon0, latY, lonY) + (hy < 0 ? Math.PI : 0);
      }
    }
  } else if (source.kind === 'latlon2d') {
    // The local bearing, at the cell itself, of its row (towards the next column) and column (towards the next
    // row): the mean of the bearings towards both neighbours (the one behind seen backwards), which cancels the
    // grid line's curvature; one neighbour at the edges.
    const { lat, lon } = source;
    const towards = (k: number, m: number) => bearing(lat[k], lon[k], lat[m], lon[m]);
    const along = (k: number, back: number, ahead: number) =>
      back === k ? towards(k, ahead) : ahead === k ? towards(k, back) + Math.PI : meanAngle(towards(k, back) + Math.PI, towards(k, ahead));
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const k = j * nx + i;
        bx[k] = nx > 1 ? along(k, j * nx + Math.max(i - 1, 0), j * nx + Math.min(i + 1, nx - 1)) : NaN;
        by[k] = ny > 1 ? along(k, Math.max(j - 1, 0) * nx + i, Math.min(j + 1, ny - 1) * nx + i) : NaN;
      }
    }
  } else {
    // 1-D lat/lon: x is east, y is north (or south when latitude decreases along the rows).
    const south = ny > 1 && source.lat[1] < source.lat[0];
    const west = nx > 1 && source.lon[1] < source.lon[0];
    bx.fill(west ? -Math.PI / 2 : Math.PI / 2);
    by.fill(south ? Math.PI : 0);
  }
  const result = { bx, by };
  axesCache.set(source.hash, result);
  return result;
}

function meanAngle(a: number, b: number): number {
  return Math.atan2(Math.sin(a) + Math.sin(b), Math.cos(a) + Math.cos(b));
}

/**
 * Grid-relative components (u along the grid's x / column direction, v along its y / row direction, at the
 * source cells) → eastward/northward components at the same cells. The axes' bearings come from the
 * projection (proj4) for projected grids, from the local bearing of the rows and columns for 2-D lat/lon
 * grids; 1-D lat/lon grids are already east/north (a copy, signs flipped for descending axes).
 * The vector is u·x̂ + v·ŷ with x̂, ŷ unit vectors along the axes on the ground, so non-conformal grids
 * (Lambert equal-area) whose axes are not perpendicular on the ground are handled too.
 */
export function rotateToEastNorth(source: SourceGrid, u: ArrayLike<number>, v: ArrayLike<number>): EastNorth {
  const n = source.nx * source.ny;
  if (u.length !== n || v.length !== n) throw new RegridError('size-mismatch', regridReasonsRu.sizeMismatch(n, u.length === n ? v.length : u.length));
  const { bx, by } = axisBearings(source);
  const east = new Float32Array(n);
  const north = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    east[k] = u[k] * Math.sin(bx[k]) + v[k] * Math.sin(by[k]);
    north[k] = u[k] * Math.cos(bx[k]) + v[k] * Math.cos(by[k]);
  }
  return { east, north };
}

/**
 * Displacements (e.g. OSI SAF drift dX/dY, in `units` m or km) over `seconds` (one number, or one per cell)
 * → velocity components in m/s. NaN where the displacement or the interval is missing or the interval ≤ 0.
 */
export function displacementToVelocity(displacement: ArrayLike<number>, units: string, seconds: number | ArrayLike<number>): Float32Array {
  const factor = unitFactor(units, 'displacement-x');
  if (factor === null) throw new RegridError('unknown-units', regridReasonsRu.unknownUnits('dX/dY', units));
  const n = displacement.length;
  if (typeof seconds !== 'number' && seconds.length !== n) throw new RegridError('size-mismatch', regridReasonsRu.sizeMismatch(n, seconds.length));
  const out = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const dt = typeof seconds === 'number' ? seconds : seconds[k];
    out[k] = dt > 0 ? (displacement[k] * factor) / dt : NaN;
  }
  return out;
}
