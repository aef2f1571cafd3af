/**
 * Where a longitude/latitude falls on the forecast's regular grid. The update shader
 * (update.frag.glsl, `fieldCoord`) does the same arithmetic; this copy serves the hover
 * readout and the tests.
 */
import type { RegularGrid } from '../../../../workers/forecast.api.ts';

/** True when the grid's columns go all the way round (neighbour lookups then wrap across the seam). */
export function isGlobalInLongitude(grid: RegularGrid): boolean {
  return Math.abs(grid.nlon * grid.dlon) >= 359.999;
}

/**
 * Fractional column and row (cell centres at whole numbers) of (lon, lat) in degrees. The longitude is
 * first taken within ±180° of the grid's middle column, so -170° and 190° land on the same column.
 */
function gridCoord(grid: RegularGrid, lon: number, lat: number): [fi: number, fj: number] {
  const midColumn = (grid.nlon - 1) / 2;
  const midLon = grid.lon0 + grid.dlon * midColumn;
  const offset = lon - midLon - 360 * Math.floor((lon - midLon + 180) / 360);
  return [offset / grid.dlon + midColumn, (lat - grid.lat0) / grid.dlat];
}

/** Row-major index of the cell whose centre is nearest (lon, lat), or -1 outside the grid. */
export function nearestCell(grid: RegularGrid, lon: number, lat: number): number {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return -1;
  const [fi, fj] = gridCoord(grid, lon, lat);
  let i = Math.round(fi);
  const j = Math.round(fj);
  if (j < 0 || j >= grid.nlat) return -1;
  if (isGlobalInLongitude(grid)) i = ((i % grid.nlon) + grid.nlon) % grid.nlon;
  else if (i < 0 || i >= grid.nlon) return -1;
  return j * grid.nlon + i;
}
