/**
 * A regular grid in a projected plane: cell centre of column i is x0 + i·dx, of row j is y0 + j·dy (metres in
 * the plane of `proj4`). Row 0 is the first row in the file, so dy is negative for a north-up grid (EPSG:3413
 * files start at the top, y = 5 846 875 m). The counterpart of regular-grid.ts's RegularGrid for grids that are
 * not latitude/longitude: the region `arctic`'s target of the regridder, its files' x/y axes.
 */
export interface PlanarGrid {
  /** The plane, as a proj4 string (the regridder projects lon/lat into it). */
  proj4: string;
  x0: number;
  dx: number;
  nx: number;
  y0: number;
  dy: number;
  ny: number;
}

/**
 * The cell whose area contains the plane point (x, y) (metres): its index in a row-major slice (j·nx + i), or
 * -1 outside the grid. Cell edges lie half a step either side of the centres.
 */
export function planarCellIndexAt(grid: PlanarGrid, x: number, y: number): number {
  const i = Math.floor((x - (grid.x0 - grid.dx / 2)) / grid.dx);
  const j = Math.floor((y - (grid.y0 - grid.dy / 2)) / grid.dy);
  if (!(i >= 0 && j >= 0 && i < grid.nx && j < grid.ny)) return -1;
  return j * grid.nx + i;
}

/** x of every column centre and y of every row centre (metres), as a file's `x`/`y` axes hold them. */
export function planarAxes(grid: PlanarGrid): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(grid.nx);
  const y = new Float64Array(grid.ny);
  for (let i = 0; i < grid.nx; i++) x[i] = grid.x0 + i * grid.dx;
  for (let j = 0; j < grid.ny; j++) y[j] = grid.y0 + j * grid.dy;
  return { x, y };
}
