/**
 * The window of a file's grid a longitude/latitude box asks for (`bbox=` of a subset), as the decode worker
 * reckons it before asking: to decide whether a window is worth it (the rule below) and whether the cells already
 * fetched cover it. The server cuts the window itself (server/src/subsets/bbox-window.ts) by the same rule — rows
 * and columns whose cells reach into the box; on a polar grid the box's outline projected into the plane — and the
 * worker places the answer by the answer's own coordinates. Both count cells with common/forecast-file/bbox.ts, so
 * the window reckoned here is the one the server sends, and the cells fetched are seen to cover it.
 */
import { coveringCells, planarWindow } from '../../common/forecast-file/bbox.ts';
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import { gridShape, isProjectedGrid, type FieldGrid } from '../../common/field-grid.ts';
import { polarForward } from '../../common/polar-stereographic.ts';

/** Rows and columns of a grid: [first, count] each. */
export interface CellWindow {
  rows: readonly [number, number];
  columns: readonly [number, number];
}

/**
 * A window is asked for when it holds at most this share of the grid's cells: then, at full resolution, it costs
 * no more than the stride-2 preview of the whole field (a quarter of the cells) and is final for the view, where
 * the preview is followed by the whole slice. A view any wider takes the preview and the whole slice as before.
 */
export const WINDOW_MAX_SHARE = 0.25;

/** The centres of an evenly spaced axis: c0 + k·step, n of them. */
const centres = (c0: number, step: number, n: number): Float64Array => Float64Array.from({ length: n }, (_, k) => c0 + k * step);

/** The window of `grid` covering `bbox`; null when the box misses the grid. */
export function gridWindowOf(grid: FieldGrid, bbox: Bbox): CellWindow | null {
  const [west, south, east, north] = bbox;
  if (!isProjectedGrid(grid)) {
    const rows = coveringCells(centres(grid.lat0, grid.dlat, grid.nlat), south, north, [0]);
    const columns = coveringCells(centres(grid.lon0, grid.dlon, grid.nlon), west, east > west ? east : east + 360, [-360, 0, 360]);
    return rows && columns ? { rows, columns } : null;
  }
  // South of the equator a north polar plane places nothing meaningful: left out as unplaceable.
  return planarWindow(bbox, ([lon, lat]) => (lat > 0 ? polarForward(grid.projection, lon, lat) : [NaN, NaN]), grid);
}

/** Whether a window of `grid` is worth asking for: WINDOW_MAX_SHARE of its cells or fewer. */
export function windowWorthIt(grid: FieldGrid, window: CellWindow): boolean {
  const { width, height } = gridShape(grid);
  return window.rows[1] * window.columns[1] <= WINDOW_MAX_SHARE * width * height;
}
