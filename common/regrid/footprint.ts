/**
 * A regular lat/lon grid covering a source's own footprint (the local file on the map), capped in size.
 */
import { RegridError, regridReasonsRu } from './errors.ts';
import { converter } from './projection.ts';
import type { RegularGrid, SourceGrid } from './types.ts';

export interface FootprintOptions {
  /** Largest number of columns and of rows (a GPU texture side). Default 2048. */
  maxSide?: number;
  /** Southern limit in degrees north: the product is Arctic, global files are cut here. Default 45. */
  minLatitude?: number;
}

/** Metres per degree of latitude (mean sphere). */
const M_PER_DEG = 111_195;
/** Sample at most about this many cells to find the footprint (plus every edge cell). */
const SAMPLES = 40_000;

/** Cell centres' lat/lon: a sample over the grid and all its edge cells. */
function sampleCentres(source: SourceGrid): { lat: number[]; lon: number[] } {
  const { nx, ny } = source;
  const step = Math.max(1, Math.floor(Math.sqrt((nx * ny) / SAMPLES)));
  const lat: number[] = [];
  const lon: number[] = [];
  const inverse = source.kind === 'projected' ? converter(source.proj4).inverse : null;
  const add = (i: number, j: number) => {
    let la: number;
    let lo: number;
    if (source.kind === 'projected') [lo, la] = inverse!([source.x[i], source.y[j]]);
    else if (source.kind === 'latlon2d') {
      la = source.lat[j * nx + i];
      lo = source.lon[j * nx + i];
    } else {
      la = source.lat[j];
      lo = source.lon[i];
    }
    if (Number.isFinite(la) && Number.isFinite(lo)) {
      lat.push(la);
      lon.push(((((lo + 180) % 360) + 360) % 360) - 180);
    }
  };
  for (let j = 0; j < ny; j += step) for (let i = 0; i < nx; i += step) add(i, j);
  for (let i = 0; i < nx; i++) {
    add(i, 0);
    add(i, ny - 1);
  }
  for (let j = 0; j < ny; j++) {
    add(0, j);
    add(nx - 1, j);
  }
  return { lat, lon };
}

/** The source's own spacing in degrees of latitude (median neighbour distance of a sample). */
function resolutionDegrees(source: SourceGrid): number {
  if (source.kind === 'projected') {
    const dx = source.nx > 1 ? Math.abs(source.x[1] - source.x[0]) : Infinity;
    const dy = source.ny > 1 ? Math.abs(source.y[1] - source.y[0]) : Infinity;
    return Math.min(dx, dy) / M_PER_DEG;
  }
  if (source.kind === 'latlon1d') {
    const dlat = source.ny > 1 ? Math.abs(source.lat[1] - source.lat[0]) : Infinity;
    const dlon = source.nx > 1 ? Math.abs(source.lon[1] - source.lon[0]) : Infinity;
    return Math.min(dlat, dlon);
  }
  const { nx, ny, lat, lon } = source;
  const distances: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt((nx * ny) / 5000)));
  for (let j = 0; j < ny - 1; j += step) {
    for (let i = 0; i < nx - 1; i += step) {
      const k = j * nx + i;
      const dLat = lat[k + 1] - lat[k];
      const dLon = ((((lon[k + 1] - lon[k] + 180) % 360) + 360) % 360) - 180;
      const d = Math.hypot(dLat, dLon * Math.cos((lat[k] * Math.PI) / 180));
      if (Number.isFinite(d) && d > 0) distances.push(d);
    }
  }
  distances.sort((a, b) => a - b);
  return distances.length ? distances[distances.length >> 1] : 0.25;
}

/**
 * The regular grid covering the source's valid cell centres north of `minLatitude`, with a step near the
 * source's own resolution (never more than `maxSide` per side). Longitudes run west → east over the
 * smallest arc holding every centre (across the antimeridian when that is shorter), −180…180 when the
 * footprint surrounds the pole. Throws RegridError 'no-overlap' when no centre lies north of `minLatitude`.
 */
export function footprintGrid(source: SourceGrid, options: FootprintOptions = {}): RegularGrid {
  const maxSide = options.maxSide ?? 2048;
  const minLatitude = options.minLatitude ?? 45;
  const { lat, lon } = sampleCentres(source);
  const north: number[] = [];
  let latMin = Infinity;
  let latMax = -Infinity;
  for (let k = 0; k < lat.length; k++) {
    if (lat[k] < minLatitude) continue;
    north.push(lon[k]);
    latMin = Math.min(latMin, lat[k]);
    latMax = Math.max(latMax, lat[k]);
  }
  if (north.length === 0) throw new RegridError('no-overlap', regridReasonsRu.noOverlap());
  // The longitude extent is the circle minus its largest empty gap.
  north.sort((a, b) => a - b);
  let gap = north[0] + 360 - north[north.length - 1];
  let west = north[0];
  let east = north[north.length - 1];
  for (let k = 1; k < north.length; k++) {
    const g = north[k] - north[k - 1];
    if (g > gap) {
      gap = g;
      west = north[k];
      east = north[k - 1] + 360;
    }
  }
  const step = Math.max(resolutionDegrees(source), 0.01);
  if (gap < 2 * step || latMax > 89.5) {
    // Round the pole, or no real gap: the whole circle.
    west = -180;
    east = 180;
  }
  const span = (v: number) => Math.max(v, 0);
  const nlon = Math.min(maxSide, Math.max(2, Math.ceil(span(east - west) / step) + 1));
  const nlat = Math.min(maxSide, Math.max(2, Math.ceil(span(latMax - latMin) / step) + 1));
  const dlon = (east - west) / (nlon - 1) || step;
  const dlat = (latMax - latMin) / (nlat - 1) || step;
  return { lon0: west, dlon, nlon, lat0: latMin, dlat, nlat };
}
