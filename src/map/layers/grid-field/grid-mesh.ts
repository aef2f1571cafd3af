/**
 * A triangle mesh over a grid's extent, in degrees. It only has to cover the grid's cells and follow
 * the globe's curve: the fragment shader finds each pixel's cell from its own position, so the mesh's
 * resolution never moves a cell. A polar stereographic grid is covered by the cap of every longitude from its
 * southernmost edge to its northernmost point (the pole when it holds it): the mesh runs −180…180° with a column
 * of vertices on each, so no triangle spans 180° and nothing tears there; fragments of the cap outside the
 * grid's square are discarded by the shader.
 */
import { isProjectedGrid, type FieldGrid, type ProjectedFieldGrid } from '../../../../common/field-grid.ts';
import { polarInverse } from '../../../../common/polar-stereographic.ts';

/** Web Mercator cannot show beyond this latitude (degrees); the mesh stops there in Mercator. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798;

/** Mesh step in degrees: fine enough that flat triangles stay within a fraction of a pixel of the globe at zoom 8. */
const MESH_STEP_DEGREES = 1;

export interface GridExtent {
  west: number;
  east: number;
  south: number;
  north: number;
}

/**
 * A polar grid's cap: the farthest point of its square from the pole is a corner (the southern bound), the nearest
 * is the pole itself when the square holds it, else the square's point nearest to it (latitude falls with the
 * distance from the pole).
 */
function polarExtent(grid: ProjectedFieldGrid): GridExtent {
  const p = grid.projection;
  const xs = [grid.x0 - grid.dx / 2, grid.x0 + (grid.nx - 0.5) * grid.dx].map((x) => x - p.falseEasting);
  const ys = [grid.y0 - grid.dy / 2, grid.y0 + (grid.ny - 0.5) * grid.dy].map((y) => y - p.falseNorthing);
  const latOf = (x: number, y: number) => polarInverse(p, x + p.falseEasting, y + p.falseNorthing)[1];
  const south = Math.min(...xs.flatMap((x) => ys.map((y) => latOf(x, y))));
  const clamp = (v: number, edges: number[]) => Math.min(Math.max(v, Math.min(...edges)), Math.max(...edges));
  const north = latOf(clamp(0, xs), clamp(0, ys));
  // A little margin: the mesh's flat chords and float32 positions must not shave the outermost cells.
  return { west: -180, east: 180, south: Math.max(0, south - 0.05), north: Math.min(90, north + 0.05) };
}

/** The outer edges of the grid's cells (cell centres ± half a step), latitudes clamped to ±90. */
export function gridExtent(grid: FieldGrid): GridExtent {
  if (isProjectedGrid(grid)) return polarExtent(grid);
  const lonA = grid.lon0 - grid.dlon / 2;
  const lonB = grid.lon0 + (grid.nlon - 0.5) * grid.dlon;
  const latA = grid.lat0 - grid.dlat / 2;
  const latB = grid.lat0 + (grid.nlat - 0.5) * grid.dlat;
  return {
    west: Math.min(lonA, lonB),
    east: Math.max(lonA, lonB),
    south: Math.max(-90, Math.min(latA, latB)),
    north: Math.min(90, Math.max(latA, latB)),
  };
}

export interface GridMesh {
  /** x, y, z per vertex: longitude, latitude (degrees), 0 m. */
  positions: Float32Array;
  indices: Uint32Array;
  vertexCount: number;
}

function steps(from: number, to: number, step: number): number[] {
  const count = Math.max(1, Math.ceil((to - from) / step));
  return Array.from({ length: count + 1 }, (_, k) => from + ((to - from) * k) / count);
}

/** Tessellate the extent; in Mercator (`globe` false) latitudes are clamped to what Mercator can show. */
export function createGridMesh(extent: GridExtent, globe: boolean, step = MESH_STEP_DEGREES): GridMesh {
  const limit = globe ? 90 : MERCATOR_MAX_LATITUDE;
  const south = Math.max(-limit, extent.south);
  const north = Math.min(limit, extent.north);
  const lons = steps(extent.west, extent.east, step);
  const lats = steps(south, Math.max(south, north), step);
  const positions = new Float32Array(lons.length * lats.length * 3);
  let p = 0;
  for (const lat of lats) {
    for (const lon of lons) {
      positions[p++] = lon;
      positions[p++] = lat;
      positions[p++] = 0;
    }
  }
  const columns = lons.length;
  const indices = new Uint32Array((lons.length - 1) * (lats.length - 1) * 6);
  let k = 0;
  for (let r = 0; r < lats.length - 1; r++) {
    for (let c = 0; c < columns - 1; c++) {
      const a = r * columns + c;
      const b = a + 1;
      const d = a + columns;
      const e = d + 1;
      indices.set([a, b, e, a, e, d], k);
      k += 6;
    }
  }
  return { positions, indices, vertexCount: indices.length };
}
