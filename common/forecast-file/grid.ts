/**
 * The forecast grid every forecast and analysis file is on: a regular latitude/longitude grid over the
 * Barents–Kara–Laptev sector up to the pole. Rows go northward from row 0 (66.025°N), columns eastward from
 * 50.00°E; cell (i, j) is centred at lon0 + i·dlon, lat0 + j·dlat (degrees).
 */
import type { RegularGrid } from '../regular-grid.ts';

/** 480 rows (66.025..89.975°N) × 1301 columns (50.00..115.00°E), every 0.05°. */
export const SECTOR_GRID: Readonly<RegularGrid> = Object.freeze({ lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 });
