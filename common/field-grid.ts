/**
 * The grid of a field as the viewer knows it, a value: either a regular latitude/longitude grid (the sector's
 * files; `kind` absent or 'latlon', so every `RegularGrid` is one) or a grid regular in the polar stereographic
 * plane (files of region `arctic`: 1-D x/y axes in metres and a CF `polar_stereographic` grid mapping). The
 * decode worker reads it from a file (workers/forecast/file-meta.ts), the layers draw on it, the readouts, the
 * ice edge and the trajectory place points with it. Cell (i, j) is column i, row j as stored (row-major j·nx + i).
 * Units: degrees for longitude/latitude, metres in the plane; u/v in m/s.
 */
import type { PlanarGrid } from './planar-grid.ts';
import { planarCellIndexAt } from './planar-grid.ts';
import { NSIDC_NORTH, polarForward, polarInverse, type PolarStereographic } from './polar-stereographic.ts';
import { cellIndexAt, type RegularGrid } from './regular-grid.ts';

export type { PolarStereographic } from './polar-stereographic.ts';

/** A regular latitude/longitude grid (degrees); `kind` may be left out, so a plain `RegularGrid` is one. */
export type LatLonFieldGrid = RegularGrid & { kind?: 'latlon' };

/** A grid regular in a north polar stereographic plane: centres x0 + i·dx, y0 + j·dy (metres; dy < 0 north-up). */
export interface ProjectedFieldGrid extends PlanarGrid {
  kind: 'projected';
  projection: PolarStereographic;
}

export type FieldGrid = LatLonFieldGrid | ProjectedFieldGrid;

export function isProjectedGrid(grid: FieldGrid): grid is ProjectedFieldGrid {
  return grid.kind === 'projected';
}

/** Columns and rows of the grid: a slice of it is `width` × `height`. */
export function gridShape(grid: FieldGrid): { width: number; height: number } {
  return isProjectedGrid(grid) ? { width: grid.nx, height: grid.ny } : { width: grid.nlon, height: grid.nlat };
}

/** Whether a slice of `width` × `height` values belongs to this grid. */
export function fitsFieldGrid(grid: FieldGrid, width: number, height: number): boolean {
  const shape = gridShape(grid);
  return shape.width === width && shape.height === height;
}

/** Row-major index (j·width + i) of the cell containing (lon, lat) (degrees), or −1 outside the grid. */
export function fieldCellAt(grid: FieldGrid, lon: number, lat: number): number {
  if (!isProjectedGrid(grid)) return cellIndexAt(grid, lon, lat);
  if (!(lat > 0 && lat <= 90) || !Number.isFinite(lon)) return -1;
  const [x, y] = polarForward(grid.projection, lon, lat);
  return planarCellIndexAt(grid, x, y);
}

/**
 * The point (lon, lat) in fractional cell coordinates [fi, fj] (the centre of cell (i, j) is (i, j)), or null where
 * the grid cannot place it (south of the equator on a polar grid). Not bounded to the grid. For a lat/lon grid,
 * fi counts from lon0 without wrapping.
 */
export function fieldCellCoordinates(grid: FieldGrid, lon: number, lat: number): [number, number] | null {
  if (!isProjectedGrid(grid)) return [(lon - grid.lon0) / grid.dlon, (lat - grid.lat0) / grid.dlat];
  if (!(lat > 0 && lat <= 90)) return null;
  const [x, y] = polarForward(grid.projection, lon, lat);
  return [(x - grid.x0) / grid.dx, (y - grid.y0) / grid.dy];
}

/** Longitude (−180…180 for a polar grid) and latitude, degrees, of fractional cell coordinates (fi, fj). */
export function fieldPointAt(grid: FieldGrid, fi: number, fj: number): [number, number] {
  if (!isProjectedGrid(grid)) return [grid.lon0 + fi * grid.dlon, grid.lat0 + fj * grid.dlat];
  return polarInverse(grid.projection, grid.x0 + fi * grid.dx, grid.y0 + fj * grid.dy);
}

/**
 * A velocity given east/north (u, v; m/s, as the files' drift is: direction from TRUE north) at longitude `lon`,
 * turned into the grid's own axes: [along +x (columns), along +y] of the plane for a polar grid (its y axis points
 * to the pole only on the central meridian; at longitude λ true north is the plane direction turned by λ − λ0).
 * A lat/lon grid's axes are east/north already.
 */
export function toGridAxes(grid: FieldGrid, lon: number, u: number, v: number): [number, number] {
  if (!isProjectedGrid(grid)) return [u, v];
  const turn = ((lon - grid.projection.centralLongitude) * Math.PI) / 180;
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  return [u * c - v * s, u * s + v * c];
}

/** The inverse of toGridAxes: plane components (m/s along +x, +y) at longitude `lon` → east/north (u, v). */
export function fromGridAxes(grid: FieldGrid, lon: number, gx: number, gy: number): [number, number] {
  if (!isProjectedGrid(grid)) return [gx, gy];
  const turn = ((lon - grid.projection.centralLongitude) * Math.PI) / 180;
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  return [gx * c + gy * s, -gx * s + gy * c];
}

/**
 * The polar stereographic parameters of a proj4 string (`+proj=stere +lat_0=90 +lat_ts=… +lon_0=…`, WGS 84 or
 * its ellipsoid), or null for anything else (south polar, another projection, another ellipsoid).
 */
export function polarStereographicOfProj4(text: string): PolarStereographic | null {
  const params = new Map<string, string>();
  for (const token of text.trim().split(/\s+/)) {
    const [key, value = ''] = token.replace(/^\+/, '').split('=');
    params.set(key, value);
  }
  const wgs84 = params.get('datum') === 'WGS84' || params.get('ellps') === 'WGS84';
  if (params.get('proj') !== 'stere' || Number(params.get('lat_0')) !== 90 || !wgs84) return null;
  const number = (key: string, fallback: number): number => (params.has(key) ? Number(params.get(key)) : fallback);
  const projection: PolarStereographic = {
    ...NSIDC_NORTH,
    centralLongitude: number('lon_0', 0),
    trueScaleLatitude: number('lat_ts', 90),
    falseEasting: number('x_0', 0),
    falseNorthing: number('y_0', 0),
  };
  return Object.values(projection).every(Number.isFinite) ? projection : null;
}

/** A region's grid as a field grid (a projected region's proj4 must be a north polar stereographic one). */
export function fieldGridOfPlanar(grid: PlanarGrid): ProjectedFieldGrid | null {
  const projection = polarStereographicOfProj4(grid.proj4);
  return projection ? { ...grid, kind: 'projected', projection } : null;
}
