/**
 * A region: one forecast grid, named, with its coordinate reference system. Forecasts, analyses and their files
 * are made on a region's grid; code that needs a grid takes the region as a value (no module-level grid).
 *
 * Units: longitude/latitude in degrees (east, north); x/y of a projected grid in metres.
 */
import type { PlanarGrid } from '../planar-grid.ts';
import type { RegularGrid } from '../regular-grid.ts';

export type RegionId = 'sector' | 'arctic';

interface RegionBase {
  id: RegionId;
  /** Russian name shown to users. */
  name: string;
  /** The CRS's authority code: 'EPSG:4326' (latitude/longitude on WGS 84) or 'EPSG:3413' (polar stereographic). */
  crs: string;
  /** The same CRS as a proj4 string (what proj4 and the regridder take). */
  proj4: string;
  /** Rows and columns of every field: [ny, nx] (a file's (y, x) or (latitude, longitude) dimensions). */
  shape: readonly [number, number];
  /** The smallest longitude/latitude box holding every cell edge: [west, south, east, north], degrees. */
  bounds: readonly [number, number, number, number];
  /** The outer cell edges in the CRS's own units: [xmin, ymin, xmax, ymax] (degrees for EPSG:4326, metres else). */
  extent: readonly [number, number, number, number];
}

/** The spec's sector: a regular latitude/longitude grid. */
export interface LatLonRegion extends RegionBase {
  kind: 'latlon';
  grid: Readonly<RegularGrid>;
}

/** A grid regular in a projected plane (the whole Arctic on EPSG:3413). */
export interface ProjectedRegion extends RegionBase {
  kind: 'projected';
  grid: Readonly<PlanarGrid>;
}

export type Region = LatLonRegion | ProjectedRegion;

/** What `GET /api/v1/regions` lists for each region. */
export interface RegionSummary {
  id: RegionId;
  name: string;
  crs: string;
  shape: [number, number];
  bounds: [number, number, number, number];
  extent: [number, number, number, number];
}
