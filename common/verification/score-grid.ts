/**
 * The grids the scores run on: the sector's regular latitude/longitude grid, or a region's projected plane (the
 * whole Arctic on EPSG:3413). What the scores need of either: its shape, each cell's area on the sphere of the
 * scores (R = 6371.0 km, as grid-area.ts) and where a fractional cell position lies (for the edge's length).
 *
 * Areas: on a latitude/longitude grid a cell's area depends only on its row, so `cellAreasKm2` gives one value
 * per row (length ny, grid-area.ts's band formula); on a plane it gives one per cell (length nx·ny): the
 * spherical quadrilateral of the cell's four corners, each corner taken back to longitude/latitude through the
 * grid's CRS (proj4), the sides as great circles, as two triangles (Van Oosterom & Strackee 1983:
 * tan(E/2) = |a·(b×c)| / (1 + a·b + b·c + c·a) for unit vectors a, b, c; area = R²·E).
 */
import type { PlanarGrid } from '../planar-grid.ts';
import type { RegularGrid } from '../regular-grid.ts';
import { planarLonLat, planarPointLonLat } from '../regions/cell-position.ts';
import { EARTH_RADIUS_KM, rowAreasKm2 } from './grid-area.ts';

/** A grid the scores run on. */
export type ScoreGrid = RegularGrid | PlanarGrid;

export function isPlanarScoreGrid(grid: ScoreGrid): grid is PlanarGrid {
  return 'proj4' in grid;
}

/** Columns and rows. */
export function scoreGridShape(grid: ScoreGrid): { nx: number; ny: number } {
  return isPlanarScoreGrid(grid) ? { nx: grid.nx, ny: grid.ny } : { nx: grid.nlon, ny: grid.nlat };
}

/** Cell areas, km²: per row (length ny) on a latitude/longitude grid, per cell (length nx·ny) on a plane. */
export function cellAreasKm2(grid: ScoreGrid): Float64Array {
  return isPlanarScoreGrid(grid) ? planarCellAreasKm2(grid) : rowAreasKm2(grid);
}

const RAD = Math.PI / 180;

/** The unit vectors of one row of cell corners (nx + 1 of them) at corner row `row` (0 … ny). */
function cornerRow(grid: PlanarGrid, row: number): Float64Array {
  const corners: PlanarGrid = { ...grid, x0: grid.x0 - grid.dx / 2, nx: grid.nx + 1, y0: grid.y0 + (row - 0.5) * grid.dy, ny: 1 };
  const { lon, lat } = planarLonLat(corners);
  const out = new Float64Array(3 * lon.length);
  for (let i = 0; i < lon.length; i++) {
    const phi = lat[i] * RAD;
    const lambda = lon[i] * RAD;
    out[3 * i] = Math.cos(phi) * Math.cos(lambda);
    out[3 * i + 1] = Math.cos(phi) * Math.sin(lambda);
    out[3 * i + 2] = Math.sin(phi);
  }
  return out;
}

/** Solid angle (steradians) of the spherical triangle of unit vectors at offsets a, b, c of the given arrays. */
function triangle(pa: Float64Array, a: number, pb: Float64Array, b: number, pc: Float64Array, c: number): number {
  const [ax, ay, az] = [pa[a], pa[a + 1], pa[a + 2]];
  const [bx, by, bz] = [pb[b], pb[b + 1], pb[b + 2]];
  const [cx, cy, cz] = [pc[c], pc[c + 1], pc[c + 2]];
  const triple = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  const denominator = 1 + ax * bx + ay * by + az * bz + bx * cx + by * cy + bz * cz + cx * ax + cy * ay + cz * az;
  return 2 * Math.atan2(Math.abs(triple), denominator);
}

/** Area of every cell of a planar grid, km², row-major (see the header). About 1 s for the arctic grid's 2.2 M cells. */
export function planarCellAreasKm2(grid: PlanarGrid): Float64Array {
  const { nx, ny } = grid;
  const areas = new Float64Array(nx * ny);
  const r2 = EARTH_RADIUS_KM * EARTH_RADIUS_KM;
  let upper = cornerRow(grid, 0);
  for (let j = 0; j < ny; j++) {
    const lower = cornerRow(grid, j + 1);
    for (let i = 0; i < nx; i++) {
      const w = 3 * i;
      const e = 3 * (i + 1);
      areas[j * nx + i] = r2 * (triangle(upper, w, upper, e, lower, e) + triangle(upper, w, lower, e, lower, w));
    }
    upper = lower;
  }
  return areas;
}

/** Longitude and latitude (degrees) of a fractional column x and row y of the grid (0 = the first cell's centre). */
export function scoreGridLonLat(grid: ScoreGrid, x: number, y: number): [number, number] {
  if (!isPlanarScoreGrid(grid)) return [grid.lon0 + x * grid.dlon, grid.lat0 + y * grid.dlat];
  return planarPointLonLat(grid, grid.x0 + x * grid.dx, grid.y0 + y * grid.dy);
}
