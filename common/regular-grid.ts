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
