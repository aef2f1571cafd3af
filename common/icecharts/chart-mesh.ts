/**
 * A chart's polygons as the GPU takes them, made once off the main thread (the chart worker): the fills
 * triangulated (earcut, with holes) into flat binary arrays that deck.gl's SolidPolygonLayer draws without
 * tessellating again (`_normalize: false` + `data.attributes.indices`), and the outlines as flat paths for its
 * PathLayer (`_pathType: 'open'`: no normalising on the main thread). Positions are longitudes and latitudes in
 * degrees, as the rings hold them (continuous across 180°: no cutting here); the triangles are found in the Web
 * Mercator plane, as deck.gl finds its own (its `preproject`): the map draws each triangle straight between its
 * projected corners, and a triangulation made in longitude/latitude overlaps itself there (a hairline seam).
 */
import { earcut } from '@math.gl/polygon';
import type { Position, PreparedPolygon } from './prepare-chart.ts';

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
  /** First vertex of every ring (outer, then holes, polygon after polygon), and the total at the end. */
  ringStarts: Uint32Array;
  /** Each polygon's first ring in `ringStarts`, and the number of rings at the end. */
  polygonRings: Uint32Array;
}

/** deck.gl's binary data for a PathLayer: the outline paths, and the polygon each belongs to. */
export interface OutlineMesh {
  length: number;
  startIndices: Uint32Array;
  positions: Float64Array;
  /** Each polygon's first path (paths run polygon after polygon), and the number of paths at the end. */
  polygonPaths: Uint32Array;
}

export interface ChartMesh {
  fill: FillMesh;
  outline: OutlineMesh;
}

const RAD = Math.PI / 180;

/** Web Mercator of [lon, lat] (radians scale), the plane the map's triangles are straight in. */
function mercator(positions: Float64Array): Float64Array {
  const out = new Float64Array(positions.length);
  for (let k = 0; k < positions.length; k += 2) {
    out[k] = positions[k] * RAD;
    out[k + 1] = Math.log(Math.tan(Math.PI / 4 + (positions[k + 1] * RAD) / 2));
  }
  return out;
}

function countPoints(groups: readonly (readonly (readonly number[])[])[][]): number {
  let n = 0;
  for (const group of groups) for (const ring of group) n += ring.length;
  return n;
}

function fillMesh(polygons: readonly MeshSource[]): FillMesh {
  const positions = new Float64Array(2 * countPoints(polygons.map((p) => [...p.rings])));
  const startIndices = new Uint32Array(polygons.length + 1);
  const ringStarts = new Uint32Array(polygons.reduce((sum, p) => sum + p.rings.length, 0) + 1);
  const polygonRings = new Uint32Array(polygons.length + 1);
  const triangles: Uint32Array[] = [];
  let vertex = 0;
  let rings = 0;
  polygons.forEach((polygon, p) => {
    startIndices[p] = vertex;
    polygonRings[p] = rings;
    const first = vertex;
    const holes: number[] = [];
    polygon.rings.forEach((ring, r) => {
      ringStarts[rings++] = vertex;
      if (r > 0) holes.push(vertex - first);
      for (const point of ring) {
        positions[2 * vertex] = point[0];
        positions[2 * vertex + 1] = point[1];
        vertex += 1;
      }
    });
    const local = earcut(mercator(positions.subarray(2 * first, 2 * vertex)), holes, 2);
    const shifted = new Uint32Array(local.length);
    for (let k = 0; k < local.length; k++) shifted[k] = local[k] + first;
    triangles.push(shifted);
  });
  startIndices[polygons.length] = vertex;
  ringStarts[rings] = vertex;
  polygonRings[polygons.length] = rings;
  const indices = new Uint32Array(triangles.reduce((sum, t) => sum + t.length, 0));
  let at = 0;
  for (const t of triangles) {
    indices.set(t, at);
    at += t.length;
  }
  return { length: polygons.length, startIndices, positions, indices, ringStarts, polygonRings };
}

function outlineMesh(polygons: readonly MeshSource[]): OutlineMesh {
  const paths = polygons.flatMap((polygon, p) => polygon.outlines.map((path) => ({ path, p })));
  const positions = new Float64Array(2 * paths.reduce((sum, { path }) => sum + path.length, 0));
  const startIndices = new Uint32Array(paths.length + 1);
  const polygonPaths = new Uint32Array(polygons.length + 1).fill(paths.length);
  let vertex = 0;
  paths.forEach(({ path, p }, k) => {
    startIndices[k] = vertex;
    if (k === 0 || paths[k - 1].p !== p) polygonPaths[p] = k;
    for (const point of path) {
      positions[2 * vertex] = point[0];
      positions[2 * vertex + 1] = point[1];
      vertex += 1;
    }
  });
  startIndices[paths.length] = vertex;
  // A polygon without paths starts where the next one does.
  for (let p = polygons.length - 1; p >= 0; p--) polygonPaths[p] = Math.min(polygonPaths[p], polygonPaths[p + 1]);
  return { length: paths.length, startIndices, positions, polygonPaths };
}

/** The mesh of a chart's polygons, in their order. */
export function chartMesh(polygons: readonly MeshSource[]): ChartMesh {
  return { fill: fillMesh(polygons), outline: outlineMesh(polygons) };
}

/** The mesh's buffers, for a worker to transfer rather than copy. */
export function meshTransfers(mesh: ChartMesh): ArrayBuffer[] {
  const { fill, outline } = mesh;
  const arrays = [fill.startIndices, fill.positions, fill.indices, fill.ringStarts, fill.polygonRings, outline.startIndices, outline.positions, outline.polygonPaths];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

/** What a polygon is without its geometry (the geometry travels in the mesh, transferred, not cloned). */
export type PolygonInfo = Pick<PreparedPolygon, 'index' | 'properties' | 'bbox'>;

export const polygonInfo = ({ index, properties, bbox }: PreparedPolygon): PolygonInfo => ({ index, properties, bbox });

/** Points `from` … `to` − 1 of flat [lon, lat] positions. */
function points(positions: Float64Array, from: number, to: number): Position[] {
  const out: Position[] = [];
  for (let v = from; v < to; v++) out.push([positions[2 * v], positions[2 * v + 1]]);
  return out;
}

/**
 * The polygons again from their infos and the mesh, each polygon's rings and outlines read from the mesh when first
 * asked for (a click's lookup reads a few polygons' rings; the layers read only the mesh).
 */
export function polygonsFromMesh(infos: readonly PolygonInfo[], mesh: ChartMesh): PreparedPolygon[] {
  const { fill, outline } = mesh;
  return infos.map((info, p) => {
    let rings: Position[][] | null = null;
    let outlines: Position[][] | null = null;
    return {
      ...info,
      get rings(): Position[][] {
        rings ??= Array.from({ length: fill.polygonRings[p + 1] - fill.polygonRings[p] }, (_, r) => {
          const ring = fill.polygonRings[p] + r;
          return points(fill.positions, fill.ringStarts[ring], fill.ringStarts[ring + 1]);
        });
        return rings;
      },
      get outlines(): Position[][] {
        outlines ??= Array.from({ length: outline.polygonPaths[p + 1] - outline.polygonPaths[p] }, (_, k) => {
          const path = outline.polygonPaths[p] + k;
          return points(outline.positions, outline.startIndices[path], outline.startIndices[path + 1]);
        });
        return outlines;
      },
    };
  });
}
