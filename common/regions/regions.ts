/**
 * The two regions: the spec's sector (its grid unchanged from common/forecast-file/grid.ts) and the whole Arctic
 * on the NSIDC polar stereographic grid of AMSR2 ASI concentrations (EPSG:3413, 6.25 km).
 */
import { FORECAST_GRID } from '../forecast-file/grid.ts';
import type { PlanarGrid } from '../planar-grid.ts';
import { regionNamesRu } from './names-ru.ts';
import type { ProjectedRegion, LatLonRegion, Region, RegionId, RegionSummary } from './types.ts';

/** EPSG:3413, WGS 84 / NSIDC Sea Ice Polar Stereographic North: true scale at 70°N, −45° straight down. */
export const EPSG_3413 = '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs';

/** Cell size of the arctic grid, metres (AMSR2 ASI's 6.25 km). */
const ARCTIC_CELL_M = 6250;
/** Outer cell edges of the arctic grid, metres: x −3 850 000 … 3 750 000, y 5 850 000 (top row) … −5 350 000. */
const ARCTIC_LEFT = -3_850_000;
const ARCTIC_TOP = 5_850_000;
const ARCTIC_COLUMNS = 1216;
const ARCTIC_ROWS = 1792;
/**
 * Southernmost latitude of any cell edge of the arctic grid: its corner furthest from the pole,
 * (−3 850 000, 5 850 000) m, lies at 30.98°N (proj4 and pyproj agree to 1e-12°). Rounded down to 0.01°.
 */
const ARCTIC_SOUTH = 30.97;

const ARCTIC_GRID: Readonly<PlanarGrid> = Object.freeze({
  proj4: EPSG_3413,
  x0: ARCTIC_LEFT + ARCTIC_CELL_M / 2,
  dx: ARCTIC_CELL_M,
  nx: ARCTIC_COLUMNS,
  y0: ARCTIC_TOP - ARCTIC_CELL_M / 2,
  dy: -ARCTIC_CELL_M,
  ny: ARCTIC_ROWS,
});

const g = FORECAST_GRID;
const sectorWest = g.lon0 - g.dlon / 2;
const sectorEast = g.lon0 + (g.nlon - 0.5) * g.dlon;
const sectorSouth = g.lat0 - g.dlat / 2;
const sectorNorth = g.lat0 + (g.nlat - 0.5) * g.dlat;
// 0.05° steps accumulate float error (66.025 − 0.025 = 66.00000000000001): bounds are edges to 1e-9°.
const tidy = (degrees: number): number => Math.round(degrees * 1e9) / 1e9;

const SECTOR: LatLonRegion = Object.freeze({
  id: 'sector',
  name: regionNamesRu.sector,
  crs: 'EPSG:4326',
  proj4: '+proj=longlat +datum=WGS84 +no_defs',
  kind: 'latlon',
  grid: FORECAST_GRID,
  shape: Object.freeze([g.nlat, g.nlon] as const),
  bounds: Object.freeze([tidy(sectorWest), tidy(sectorSouth), tidy(sectorEast), tidy(sectorNorth)] as const),
  extent: Object.freeze([tidy(sectorWest), tidy(sectorSouth), tidy(sectorEast), tidy(sectorNorth)] as const),
});

const ARCTIC: ProjectedRegion = Object.freeze({
  id: 'arctic',
  name: regionNamesRu.arctic,
  crs: 'EPSG:3413',
  proj4: EPSG_3413,
  kind: 'projected',
  grid: ARCTIC_GRID,
  shape: Object.freeze([ARCTIC_ROWS, ARCTIC_COLUMNS] as const),
  // The grid holds the pole, so it spans every longitude.
  bounds: Object.freeze([-180, ARCTIC_SOUTH, 180, 90] as const),
  extent: Object.freeze([
    ARCTIC_LEFT,
    ARCTIC_TOP - ARCTIC_ROWS * ARCTIC_CELL_M,
    ARCTIC_LEFT + ARCTIC_COLUMNS * ARCTIC_CELL_M,
    ARCTIC_TOP,
  ] as const),
});

/** Every region, the spec's sector first (the default everywhere a region is not asked for). */
export const REGIONS: readonly Region[] = Object.freeze([SECTOR, ARCTIC]);
export const DEFAULT_REGION_ID: RegionId = 'sector';

export function regionById(id: RegionId): Region {
  return id === 'arctic' ? ARCTIC : SECTOR;
}

/** The fields `GET /api/v1/regions` lists (plain arrays, fresh each call). */
export function regionSummary(region: Region): RegionSummary {
  return {
    id: region.id,
    name: region.name,
    crs: region.crs,
    shape: [...region.shape],
    bounds: [...region.bounds],
    extent: [...region.extent],
  };
}
