/**
 * Where a region's cells are: cell centre ↔ longitude/latitude (degrees), through proj4 for projected regions.
 * The rule for "the cell at a point" is the cell whose area contains it (as common/regular-grid.ts's
 * cellIndexAt for the sector: the map readout's, the route check's and the shader's rule).
 */
import proj4 from 'proj4';
import { planarCellIndexAt, type PlanarGrid } from '../planar-grid.ts';
import { cellIndexAt } from '../regular-grid.ts';
import type { Region } from './types.ts';

interface Converter {
  forward(point: [number, number]): [number, number];
  inverse(point: [number, number]): [number, number];
}

// proj4 parses a definition each time a converter is made (~0.1 ms): keep one per definition.
const converters = new Map<string, Converter>();
function converterFor(definition: string): Converter {
  let found = converters.get(definition);
  if (!found) {
    found = proj4(definition) as unknown as Converter;
    converters.set(definition, found);
  }
  return found;
}

interface RawProjection {
  forward(p: { x: number; y: number }): { x: number; y: number };
  inverse(p: { x: number; y: number }): { x: number; y: number };
}
// proj4's projection object itself, in radians: no datum step (lon/lat are on the CRS's own datum), no per-call
// allocation; ~10× faster than the converter over the arctic grid's 2.2 M cells.
const rawProjections = new Map<string, RawProjection>();
function rawProjection(definition: string): RawProjection {
  let found = rawProjections.get(definition);
  if (!found) {
    found = proj4.Proj(definition) as unknown as RawProjection;
    rawProjections.set(definition, found);
  }
  return found;
}
const DEG = Math.PI / 180;

/** Longitude into −180…180 (degrees). */
const wrapLon = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;

/** The point (lon, lat) in the region's CRS: metres for projected regions, the degrees unchanged for the sector. */
export function toRegionPlane(region: Region, lon: number, lat: number): [number, number] {
  if (region.kind === 'latlon') return [lon, lat];
  return converterFor(region.grid.proj4).forward([lon, lat]);
}

/** Centre of cell (i column, j row) as [lon, lat], degrees; longitudes in −180…180 for projected regions. */
export function cellCentre(region: Region, i: number, j: number): [number, number] {
  if (region.kind === 'latlon') {
    const g = region.grid;
    return [g.lon0 + i * g.dlon, g.lat0 + j * g.dlat];
  }
  const g = region.grid;
  const [lon, lat] = converterFor(g.proj4).inverse([g.x0 + i * g.dx, g.y0 + j * g.dy]);
  return [wrapLon(lon), lat];
}

/** Row-major index (j·nx + i) of the cell containing (lon, lat) (degrees), or -1 outside the region's grid. */
export function regionCellAt(region: Region, lon: number, lat: number): number {
  if (!(Math.abs(lat) <= 90) || !Number.isFinite(lon)) return -1;
  if (region.kind === 'latlon') return cellIndexAt(region.grid, lon, lat);
  const [x, y] = converterFor(region.grid.proj4).forward([wrapLon(lon), lat]);
  return planarCellIndexAt(region.grid, x, y);
}

/**
 * Longitude and latitude of every cell centre, row-major (j·nx + i), degrees, longitudes in −180…180: a file's
 * 2-D `longitude`/`latitude`. About 1 s for the arctic grid's 2.2 M cells (each projected exactly).
 */
export function regionLonLat(region: Region): { lon: Float64Array; lat: Float64Array } {
  const [ny, nx] = region.shape;
  const lon = new Float64Array(nx * ny);
  const lat = new Float64Array(nx * ny);
  if (region.kind === 'latlon') {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) [lon[j * nx + i], lat[j * nx + i]] = cellCentre(region, i, j);
    }
    return { lon, lat };
  }
  return planarLonLat(region.grid);
}

/** As regionLonLat, for a planar grid of any projection proj4 knows (row-major, degrees, longitudes in −180…180). */
export function planarLonLat(g: PlanarGrid): { lon: Float64Array; lat: Float64Array } {
  const lon = new Float64Array(g.nx * g.ny);
  const lat = new Float64Array(g.nx * g.ny);
  const projection = rawProjection(g.proj4);
  const point = { x: 0, y: 0 };
  for (let j = 0; j < g.ny; j++) {
    for (let i = 0; i < g.nx; i++) {
      point.x = g.x0 + i * g.dx;
      point.y = g.y0 + j * g.dy;
      const p = projection.inverse(point);
      lon[j * g.nx + i] = wrapLon(p.x / DEG);
      lat[j * g.nx + i] = p.y / DEG;
    }
  }
  return { lon, lat };
}

/**
 * The plane point [x, y] (metres) of (lon, lat) (degrees) in a planar grid's CRS, by the same projection object as
 * planarLonLat (no datum step): a function to call for many points (a chart's vertices) without allocating a converter.
 */
export function planarForward(g: PlanarGrid): (lon: number, lat: number) => [number, number] {
  const projection = rawProjection(g.proj4);
  const point = { x: 0, y: 0 };
  return (lon, lat) => {
    point.x = lon * DEG;
    point.y = lat * DEG;
    const p = projection.forward(point);
    return [p.x, p.y];
  };
}

/** Longitude and latitude (degrees, longitude in −180…180) of the plane point (x, y) (metres) of a planar grid's CRS. */
export function planarPointLonLat(g: PlanarGrid, x: number, y: number): [number, number] {
  const p = rawProjection(g.proj4).inverse({ x, y });
  return [wrapLon(p.x / DEG), p.y / DEG];
}
