/**
 * Source grid → regular lat/lon target: build the mapping once per (grid, target, method), apply it to any
 * number of fields (time steps, variables, later files on the same grid).
 */
import { axisLocator, type Locator } from './axis-locator.ts';
import { curvilinearMapping } from './curvilinear.ts';
import { RegridError, regridReasonsRu } from './errors.ts';
import { LruCache } from '../lru-cache.ts';
import { converter } from './projection.ts';
import { projectTarget } from './target-points.ts';
import { cellLonLat, isPlanar, targetKey, targetShape, targetSize, type TargetGrid } from './target-grid.ts';
import type { LatLon1dGrid, ProjectedGrid, RegridMapping, RegridMethod, SourceGrid } from './types.ts';

/** Mappings kept: a bilinear mapping onto the forecast grid is ~5 MB (4 int32 + 4 float32 per cell). */
const MAPPINGS_KEPT = 8;

/** Mappings by source hash, method and target, least recently used out beyond `limit` entries. */
export const mappingCache = {
  limit: MAPPINGS_KEPT,
  hits: 0,
  misses: 0,
  entries: new LruCache<string, RegridMapping>(MAPPINGS_KEPT),
  clear(): void {
    this.entries.clear();
    this.hits = 0;
    this.misses = 0;
  },
};

/**
 * For every target cell, the source cells and weights (see RegridMapping). Target cells outside the source's
 * footprint (beyond its outermost cell centres for bilinear, beyond half a cell for nearest on x/y and 1-D
 * grids, outside the quadrilaterals of cell centres on 2-D lat/lon grids) map to nothing (NaN).
 * Cached in `mappingCache` by `source.hash`, method and target.
 */
export function buildMapping(source: SourceGrid, target: TargetGrid, method: RegridMethod): RegridMapping {
  const key = `${source.hash}|${method}|${targetKey(target)}`;
  const cached = mappingCache.entries.get(key);
  if (cached) {
    mappingCache.hits++;
    return cached;
  }
  mappingCache.misses++;
  let mapping: RegridMapping;
  if (source.kind === 'latlon2d') mapping = curvilinearMapping(source, target, method);
  else if (source.kind === 'projected') mapping = projectedMapping(source, target, method);
  else mapping = latLonMapping(source, target, method);
  mappingCache.entries.set(key, mapping);
  return mapping;
}

function projectedMapping(source: ProjectedGrid, target: TargetGrid, method: RegridMethod): RegridMapping {
  const forward = converter(source.proj4).forward;
  const points = projectTarget(target, (lon, lat) => forward([lon, lat]) as [number, number]);
  const fx = axisLocator(source.x);
  const fy = axisLocator(source.y);
  const n = targetSize(target);
  const fi = new Float64Array(n);
  const fj = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    fi[t] = fx(points.x[t]);
    fj[t] = fy(points.y[t]);
  }
  return separableMapping(source, target, method, fi, fj, false);
}

/** Longitude axes covering the globe wrap around: the cell after the last is the first. */
function isPeriodic(lon: Float64Array): boolean {
  const n = lon.length;
  if (n < 3) return false;
  const step = Math.abs(lon[n - 1] - lon[0]) / (n - 1);
  return Math.abs(Math.abs(lon[n - 1] - lon[0]) + step - 360) < step * 1e-3;
}

function latLonMapping(source: LatLon1dGrid, target: TargetGrid, method: RegridMethod): RegridMapping {
  const fLat: Locator = axisLocator(source.lat);
  const fLon: Locator = axisLocator(source.lon);
  const periodic = isPeriodic(source.lon);
  const nx = source.nx;
  const west = Math.min(source.lon[0], source.lon[nx - 1]);
  const halfStep = nx > 1 ? Math.abs(source.lon[nx - 1] - source.lon[0]) / (nx - 1) / 2 : 0;
  // Bring a target longitude into the axis's own range (−180…180 or 0…360), half a cell of slack west.
  const lonIndex = (lon: number) => fLon(west - halfStep + ((((lon - (west - halfStep)) % 360) + 360) % 360));
  const n = targetSize(target);
  const fi = new Float64Array(n);
  const fj = new Float64Array(n);
  if (isPlanar(target)) {
    // Not separable: every cell's own longitude and latitude (exact; an interpolated lattice would smear the
    // jump of longitude at ±180°).
    const { width, height } = targetShape(target);
    const centre = cellLonLat(target);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const [lon, lat] = centre(i, j);
        fi[j * width + i] = lonIndex(lon);
        fj[j * width + i] = fLat(lat);
      }
    }
    return separableMapping(source, target, method, fi, fj, periodic);
  }
  for (let i = 0; i < target.nlon; i++) {
    const index = lonIndex(target.lon0 + i * target.dlon);
    for (let j = 0; j < target.nlat; j++) fi[j * target.nlon + i] = index;
  }
  for (let j = 0; j < target.nlat; j++) {
    const index = fLat(target.lat0 + j * target.dlat);
    for (let i = 0; i < target.nlon; i++) fj[j * target.nlon + i] = index;
  }
  return separableMapping(source, target, method, fi, fj, periodic);
}

/** Small slack for points on the outermost centres (float rounding of the coordinates). */
const EDGE = 1e-9;

/**
 * Mapping from fractional source indices (fi along x, fj along y) of every target cell, for grids whose
 * columns and rows are straight lines in some plane (projected x/y, 1-D lat/lon).
 */
function separableMapping(
  source: SourceGrid,
  target: TargetGrid,
  method: RegridMethod,
  fi: Float64Array,
  fj: Float64Array,
  periodicX: boolean,
): RegridMapping {
  const { nx, ny } = source;
  const n = targetSize(target);
  const stride = method === 'nearest' ? 1 : 4;
  const index = new Int32Array(n * stride).fill(-1);
  const weight = new Float32Array(n * stride);
  let footprintCount = 0;
  for (let t = 0; t < n; t++) {
    let x = fi[t];
    const y = fj[t];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (periodicX) x = ((x % nx) + nx) % nx;
    if (method === 'nearest') {
      const i = periodicX ? Math.round(x) % nx : Math.round(x);
      const j = Math.round(y);
      if (i < 0 || i >= nx || j < 0 || j >= ny) continue;
      index[t] = j * nx + i;
      weight[t] = 1;
      footprintCount++;
      continue;
    }
    const xMax = periodicX ? nx : nx - 1;
    if (x < -EDGE || x > xMax + EDGE || y < -EDGE || y > ny - 1 + EDGE) continue;
    if ((nx < 2 && !periodicX) || ny < 2) continue;
    const i0 = Math.min(Math.max(Math.floor(x), 0), periodicX ? nx - 1 : nx - 2);
    const j0 = Math.min(Math.max(Math.floor(y), 0), ny - 2);
    const i1 = periodicX ? (i0 + 1) % nx : i0 + 1;
    const a = Math.min(Math.max(x - i0, 0), 1);
    const b = Math.min(Math.max(y - j0, 0), 1);
    const o = 4 * t;
    index[o] = j0 * nx + i0;
    index[o + 1] = j0 * nx + i1;
    index[o + 2] = (j0 + 1) * nx + i0;
    index[o + 3] = (j0 + 1) * nx + i1;
    weight[o] = (1 - a) * (1 - b);
    weight[o + 1] = a * (1 - b);
    weight[o + 2] = (1 - a) * b;
    weight[o + 3] = a * b;
    footprintCount++;
  }
  return { method, target: { ...target }, sourceHash: source.hash, sourceSize: nx * ny, stride, index, weight, footprintCount };
}

/**
 * The field on the target grid (row-major, nlat × nlon): NaN outside the footprint, where the nearest source
 * cell is missing, or (bilinear) where any of the four is missing. `values` are the source's nx·ny values,
 * row-major, NaN = missing (land included). Throws RegridError 'size-mismatch'.
 */
export function applyMapping(mapping: RegridMapping, values: ArrayLike<number>): Float32Array {
  if (values.length !== mapping.sourceSize) {
    throw new RegridError('size-mismatch', regridReasonsRu.sizeMismatch(mapping.sourceSize, values.length));
  }
  const n = targetSize(mapping.target);
  const out = new Float32Array(n);
  const { index, weight } = mapping;
  if (mapping.stride === 1) {
    for (let t = 0; t < n; t++) {
      const k = index[t];
      out[t] = k < 0 ? NaN : values[k];
    }
    return out;
  }
  for (let t = 0; t < n; t++) {
    const o = 4 * t;
    const k0 = index[o];
    if (k0 < 0) {
      out[t] = NaN;
      continue;
    }
    // A missing corner is NaN, and NaN × any weight (even 0) is NaN: missing stays missing.
    out[t] =
      weight[o] * values[k0] + weight[o + 1] * values[index[o + 1]] + weight[o + 2] * values[index[o + 2]] + weight[o + 3] * values[index[o + 3]];
  }
  return out;
}
