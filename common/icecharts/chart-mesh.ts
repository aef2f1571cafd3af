/**
 * A chart's polygons as the GPU takes them, made once off the main thread (the chart worker): the fills
 * triangulated (earcut, with holes) into flat binary arrays that deck.gl's SolidPolygonLayer draws without
 * tessellating again (`_normalize: false` + `data.attributes.indices`), and the outlines as flat paths for its
 * PathLayer (`_pathType: 'open'`: no normalising on the main thread). Longitudes and latitudes in degrees, as the
 * rings hold them (continuous across 180°: no cutting here).
 */
import { earcut } from '@math.gl/polygon';

/** What the mesh is made of: per polygon its fill rings (outer first, then holes) and its outline paths. */
export interface MeshSource {
  rings: readonly (readonly (readonly number[])[])[];
  outlines: readonly (readonly (readonly number[])[])[];
}

/** deck.gl's binary data for a SolidPolygonLayer: one polygon per source polygon, triangles given. */
export interface FillMesh {
  length: number;
  /** First vertex of each polygon, and the total at the end (length + 1 entries). */
  startIndices: Uint32Array;
  /** [lon, lat] per vertex, every ring of a polygon one after the other. */
  positions: Float64Array;
  /** Triangles: three vertex indices each, into `positions`. */
  indices: Uint32Array;
}

/** deck.gl's binary data for a PathLayer: the outline paths, and the polygon each belongs to. */
export interface OutlineMesh {
  length: number;
  startIndices: Uint32Array;
  positions: Float64Array;
  /** The source polygon of each path (its index in the list the mesh was made from). */
  polygonOf: Uint32Array;
}

export interface ChartMesh {
  fill: FillMesh;
  outline: OutlineMesh;
}

function countPoints(groups: readonly (readonly (readonly number[])[])[][]): number {
  let n = 0;
  for (const group of groups) for (const ring of group) n += ring.length;
  return n;
}

function fillMesh(polygons: readonly MeshSource[]): FillMesh {
  const positions = new Float64Array(2 * countPoints(polygons.map((p) => [...p.rings])));
  const startIndices = new Uint32Array(polygons.length + 1);
  const triangles: Uint32Array[] = [];
  let vertex = 0;
  polygons.forEach((polygon, p) => {
    startIndices[p] = vertex;
    const first = vertex;
    const holes: number[] = [];
    polygon.rings.forEach((ring, r) => {
      if (r > 0) holes.push(vertex - first);
      for (const point of ring) {
        positions[2 * vertex] = point[0];
        positions[2 * vertex + 1] = point[1];
        vertex += 1;
      }
    });
    const local = earcut(positions.subarray(2 * first, 2 * vertex), holes, 2);
    const shifted = new Uint32Array(local.length);
    for (let k = 0; k < local.length; k++) shifted[k] = local[k] + first;
    triangles.push(shifted);
  });
  startIndices[polygons.length] = vertex;
  const indices = new Uint32Array(triangles.reduce((sum, t) => sum + t.length, 0));
  let at = 0;
  for (const t of triangles) {
    indices.set(t, at);
    at += t.length;
  }
  return { length: polygons.length, startIndices, positions, indices };
}

function outlineMesh(polygons: readonly MeshSource[]): OutlineMesh {
  const paths = polygons.flatMap((polygon, p) => polygon.outlines.map((path) => ({ path, p })));
  const positions = new Float64Array(2 * paths.reduce((sum, { path }) => sum + path.length, 0));
  const startIndices = new Uint32Array(paths.length + 1);
  const polygonOf = new Uint32Array(paths.length);
  let vertex = 0;
  paths.forEach(({ path, p }, k) => {
    startIndices[k] = vertex;
    polygonOf[k] = p;
    for (const point of path) {
      positions[2 * vertex] = point[0];
      positions[2 * vertex + 1] = point[1];
      vertex += 1;
    }
  });
  startIndices[paths.length] = vertex;
  return { length: paths.length, startIndices, positions, polygonOf };
}

/** The mesh of a chart's polygons, in their order. */
export function chartMesh(polygons: readonly MeshSource[]): ChartMesh {
  return { fill: fillMesh(polygons), outline: outlineMesh(polygons) };
}

/** The mesh's buffers, for a worker to transfer rather than copy. */
export function meshTransfers(mesh: ChartMesh): ArrayBuffer[] {
  const { fill, outline } = mesh;
  return [fill.startIndices, fill.positions, fill.indices, outline.startIndices, outline.positions, outline.polygonOf].map((a) => a.buffer as ArrayBuffer);
}
