/**
 * Where a curvilinear grid joins itself beyond its last column or last row, found from the file's cell vertices
 * (CF `bounds` of the 2-D latitude/longitude, here CMIP's `vertices_latitude`/`vertices_longitude(j, i, 4)`).
 *
 * A global ocean-model grid (NEMO's ORCA, tripolar) is periodic in i (the last column's east edge is the first
 * column's west edge) and folds at its last row: beyond the top edge of (ny−1, i) lies (ny−1, nx−1−i), the same
 * row mirrored (ORCA's north fold, with the duplicated row left out as CMIP files do). Without these joins the
 * strip between the last row's centres and their partners across the fold, from the Siberian pole over the
 * geographic pole to the Canadian one, has no quadrilateral of centres and regrids to nothing.
 *
 * A neighbour across an edge is the cell that shares that edge's two vertices; only the first column and the last
 * row are searched, which covers both joins. Vertices are compared as rounded positions (1e-6°, a tenth of a metre):
 * the files copy them exactly from cell to cell.
 */
import type { GridSeams, SourceFile, SourceVariableInfo } from './types.ts';


const ROUND = 1e6;

function vertexKey(lat: number, lon: number): string {
  // At the pole every longitude is the same point.
  if (Math.abs(lat) > 90 - 1e-6) return lat > 0 ? 'N' : 'S';
  const wrapped = ((lon % 360) + 360) % 360;
  return `${Math.round(lat * ROUND)},${Math.round(wrapped * ROUND) % (360 * ROUND)}`;
}

const edgeKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The bounds variable that `coordinate` names: (y, x, n) with n ≥ 3 vertices per cell. */
function boundsOf(file: SourceFile, coordinate: SourceVariableInfo): SourceVariableInfo | undefined {
  const name = coordinate.attributes.bounds;
  if (typeof name !== 'string') return undefined;
  const clean = name.replace(/\0/g, '').trim();
  const found = file.variables.find((v) => v.name === clean) ?? file.variables.find((v) => v.name.endsWith(`/${clean}`));
  if (!found || found.shape.length !== 3 || found.shape[2] < 3) return undefined;
  if (found.dimensions[0] !== coordinate.dimensions[0] || found.dimensions[1] !== coordinate.dimensions[1]) return undefined;
  return found;
}

/**
 * The grid's joins from its cell vertices, or null when the file has none (or they do not read): the mapping then
 * treats the last column and row as edges, as before.
 */
export function seamsFromBounds(file: SourceFile, lat: SourceVariableInfo, lon: SourceVariableInfo, nx: number, ny: number): GridSeams | null {
  const latBounds = boundsOf(file, lat);
  const lonBounds = boundsOf(file, lon);
  if (!latBounds || !lonBounds || latBounds.shape[2] !== lonBounds.shape[2]) return null;
  const nv = latBounds.shape[2];
  const vlat = file.read(latBounds.name);
  const vlon = file.read(lonBounds.name);
  if (vlat.length !== nx * ny * nv || vlon.length !== nx * ny * nv) return null;

  const edgesOf = (cell: number): string[] => {
    const keys: string[] = [];
    for (let v = 0; v < nv; v++) keys.push(vertexKey(vlat[cell * nv + v], vlon[cell * nv + v]));
    if (keys.some((k) => k.includes('NaN'))) return [];
    const edges: string[] = [];
    for (let v = 0; v < nv; v++) if (keys[v] !== keys[(v + 1) % nv]) edges.push(edgeKey(keys[v], keys[(v + 1) % nv]));
    return edges;
  };
  /** Edge → the cells of `cells` that have it. */
  const index = (cells: number[]): Map<string, number[]> => {
    const map = new Map<string, number[]>();
    for (const cell of cells) for (const e of edgesOf(cell)) map.set(e, [...(map.get(e) ?? []), cell]);
    return map;
  };
  /** The cell of `map` sharing an edge with `cell` that is none of `skip` (its neighbours inside the grid). */
  const across = (map: Map<string, number[]>, cell: number, skip: number[]): number => {
    for (const e of edgesOf(cell)) for (const other of map.get(e) ?? []) if (other !== cell && !skip.includes(other)) return other;
    return -1;
  };

  const firstColumn = index(Array.from({ length: ny }, (_, j) => j * nx));
  const east = new Int32Array(ny).fill(-1);
  for (let j = 0; j < ny; j++) {
    const cell = j * nx + nx - 1;
    east[j] = across(firstColumn, cell, [cell - 1, cell - nx, cell + nx]);
  }
  const top = (ny - 1) * nx;
  const lastRow = index(Array.from({ length: nx }, (_, i) => top + i));
  const north = new Int32Array(nx).fill(-1);
  for (let i = 0; i < nx; i++) {
    const cell = top + i;
    // Inside the row, and across the east seam at either end of it, are its ordinary neighbours.
    north[i] = across(lastRow, cell, [i > 0 ? cell - 1 : top + nx - 1, i < nx - 1 ? cell + 1 : top, cell - nx]);
  }
  const any = (a: Int32Array) => a.some((k) => k >= 0);
  if (!any(east) && !any(north)) return null;
  return { east: any(east) ? east : null, north: any(north) ? north : null };
}

/** A curvilinear grid's centres with one more column and one more row standing for the cells across its seams. */
export interface ExtendedGrid {
  nx: number;
  ny: number;
  lat: Float64Array;
  lon: Float64Array;
  /** Extended cell (j·nx + i of this grid) → the source cell it is (−1: none); null when nothing was added. */
  remap: Int32Array | null;
}

/**
 * The grid with column nx standing for the cells across the east seam and row ny for those across the north fold
 * (copies of their centres), so that the quadrilaterals of neighbouring centres close over the seams; `remap`
 * turns the extended indices of a mapping back into the source's.
 */
export function extendAcrossSeams(nx: number, ny: number, lat: Float64Array, lon: Float64Array, seams: GridSeams | null | undefined): ExtendedGrid {
  if (!seams) return { nx, ny, lat, lon, remap: null };
  const ex = nx + 1;
  const ey = ny + 1;
  const remap = new Int32Array(ex * ey).fill(-1);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) remap[j * ex + i] = j * nx + i;
    if (seams.east) remap[j * ex + nx] = seams.east[j];
  }
  if (seams.north) for (let i = 0; i < nx; i++) remap[ny * ex + i] = seams.north[i];
  const outLat = new Float64Array(ex * ey).fill(NaN);
  const outLon = new Float64Array(ex * ey).fill(NaN);
  for (let k = 0; k < ex * ey; k++) {
    const from = remap[k];
    if (from < 0) continue;
    outLat[k] = lat[from];
    outLon[k] = lon[from];
  }
  return { nx: ex, ny: ey, lat: outLat, lon: outLon, remap };
}
