/**
 * Regions as values: the spec's sector and the whole Arctic, each a grid with its CRS (README.md).
 *
 *   const region = parseRegion(request.query.region);   // the sector without one; UnknownRegionError → 422
 *   const k = regionCellAt(region, lon, lat);            // the cell containing the point, or -1
 */
export type { Region, RegionId, RegionSummary, LatLonRegion, ProjectedRegion } from './types.ts';
export { REGIONS, DEFAULT_REGION_ID, EPSG_3413, EPSG_3413_WKT, regionById, regionSummary } from './regions.ts';
export { parseRegion, isRegionId, UnknownRegionError } from './parse-region.ts';
export { cellCentre, planarLonLat, planarPointLonLat, regionCellAt, regionLonLat, toRegionPlane } from './cell-position.ts';
export { regionNamesRu } from './names-ru.ts';
