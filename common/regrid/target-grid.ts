/**
 * The regridder's target: a regular latitude/longitude grid (the sector, a local file's footprint) or a grid
 * regular in a projected plane (region `arctic` on EPSG:3413). What the mapping code needs of either: its size,
 * a cache key, the latitudes it spans, and the longitude/latitude of a cell centre.
 */
import proj4 from 'proj4';
import type { PlanarGrid } from '../planar-grid.ts';
import type { RegularGrid } from '../regular-grid.ts';

export type TargetGrid = RegularGrid | PlanarGrid;

export const isPlanar = (t: TargetGrid): t is PlanarGrid => 'proj4' in t;

/** Columns and rows: nlon × nlat, or nx × ny. */
export function targetShape(t: TargetGrid): { width: number; height: number } {
  return isPlanar(t) ? { width: t.nx, height: t.ny } : { width: t.nlon, height: t.nlat };
}

export const targetSize = (t: TargetGrid): number => {
  const { width, height } = targetShape(t);
  return width * height;
};

export const targetKey = (t: TargetGrid): string =>
  isPlanar(t) ? [t.proj4, t.x0, t.dx, t.nx, t.y0, t.dy, t.ny].join(',') : [t.lon0, t.dlon, t.nlon, t.lat0, t.dlat, t.nlat].join(',');

interface RawProjection {
  inverse(p: { x: number; y: number }): { x: number; y: number };
}
const DEG = Math.PI / 180;
const projections = new Map<string, RawProjection>();

/**
 * (i, j) → [lon, lat] of the cell centre, degrees. For a planar grid through proj4's projection object in radians
 * (no datum step, no allocation per call: the arctic grid has 2.2 M cells).
 */
export function cellLonLat(t: TargetGrid): (i: number, j: number) => [number, number] {
  if (!isPlanar(t)) return (i, j) => [t.lon0 + i * t.dlon, t.lat0 + j * t.dlat];
  let projection = projections.get(t.proj4);
  if (!projection) {
    projection = proj4.Proj(t.proj4) as unknown as RawProjection;
    projections.set(t.proj4, projection);
  }
  const raw = projection;
  const point = { x: 0, y: 0 };
  return (i, j) => {
    point.x = t.x0 + i * t.dx;
    point.y = t.y0 + j * t.dy;
    const p = raw.inverse(point);
    return [p.x / DEG, p.y / DEG];
  };
}

/**
 * Southernmost and northernmost latitude of the target's cell centres (degrees): exact for a lat/lon grid; for a
 * planar grid from its outline (every cell of the outer rows and columns) and the pole when the grid holds it.
 */
export function targetLatitudes(t: TargetGrid): { south: number; north: number } {
  if (!isPlanar(t)) {
    const last = t.lat0 + (t.nlat - 1) * t.dlat;
    return { south: Math.min(t.lat0, last), north: Math.max(t.lat0, last) };
  }
  const at = cellLonLat(t);
  let south = Infinity;
  let north = -Infinity;
  const visit = (i: number, j: number) => {
    const lat = at(i, j)[1];
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  };
  for (let i = 0; i < t.nx; i++) {
    visit(i, 0);
    visit(i, t.ny - 1);
  }
  for (let j = 0; j < t.ny; j++) {
    visit(0, j);
    visit(t.nx - 1, j);
  }
  // A polar grid holding the pole (the plane's origin between its outer cells) reaches ±90°.
  const xs = [t.x0, t.x0 + (t.nx - 1) * t.dx];
  const ys = [t.y0, t.y0 + (t.ny - 1) * t.dy];
  if (Math.min(...xs) <= 0 && Math.max(...xs) >= 0 && Math.min(...ys) <= 0 && Math.max(...ys) >= 0 && /\+proj=stere/.test(t.proj4)) {
    if (/\+lat_0=90/.test(t.proj4)) north = 90;
    else if (/\+lat_0=-90/.test(t.proj4)) south = -90;
  }
  return { south, north };
}
