/**
 * A regular latitude/longitude grid: cell centre of column i is lon0 + i*dlon, of row j is lat0 + j*dlat
 * (degrees). Row 0 is the first row in the file, so dlat may be negative. The decode worker
 * reads it from a file's 1-D latitude/longitude coordinates (null when there are none), the server writes its
 * files on one, the map's layers draw on it.
 */
export interface RegularGrid {
  lon0: number;
  dlon: number;
  nlon: number;
  lat0: number;
  dlat: number;
  nlat: number;
}

/**
 * The cell whose area contains (lon, lat) (degrees), i.e. the nearest cell centre: its index in a row-major slice
 * (j * nlon + i), or -1 outside the grid. Longitudes wrap at 360°. The same rule as the map layers' shader
 * (src/map/layers/grid-field/_grid-cell.frag.glsl), the map's readout and the server's route check.
 */
export function cellIndexAt(grid: RegularGrid, lon: number, lat: number): number {
  const west = grid.lon0 - grid.dlon / 2;
  const lonFromEdge = (((lon - west) % 360) + 360) % 360;
  const i = Math.floor(lonFromEdge / grid.dlon);
  const j = Math.floor((lat - (grid.lat0 - grid.dlat / 2)) / grid.dlat);
  if (i < 0 || j < 0 || i >= grid.nlon || j >= grid.nlat) return -1;
  return j * grid.nlon + i;
}
