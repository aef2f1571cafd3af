/**
 * A chart's geometry as flat arrays, made in the chart worker and transferred to the page (not cloned): every
 * polygon's rings one after the other, with where each ring and polygon starts, and the outline paths likewise.
 * The page makes its polygons again from them (`polygonsFromMesh`, rings read when first asked for). Longitudes
 * and latitudes in degrees, as the rings hold them (continuous across 180°).
 *
 * Not triangles: deck.gl tessellates the fills itself, because it must cut them by the view (a grid on the globe,
 * so that a triangle follows the sphere; the Web Mercator plane in the flat view). Triangles made here, for one
 * view, drew chords through the globe (measured: seconds per frame on the software GPU).
 */
import type { Position, PreparedPolygon } from './prepare-chart.ts';

export interface MeshSource {
  rings: readonly (readonly (readonly number[])[])[];
  outlines: readonly (readonly (readonly number[])[])[];
}

/** The fill rings of every polygon. */
export interface FillMesh {
  length: number;
  /** First vertex of each polygon, and the total at the end (length + 1 entries). */
  startIndices: Uint32Array;
  /** [lon, lat] per vertex, every ring of a polygon one after the other. */
  positions: Float64Array;
  /** First vertex of every ring (outer, then holes, polygon after polygon), and the total at the end. */
  ringStarts: Uint32Array;
  /** Each polygon's first ring in `ringStarts`, and the number of rings at the end. */
  polygonRings: Uint32Array;
}

/** The outline paths of every polygon. */
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
  let vertex = 0;
  let rings = 0;
  polygons.forEach((polygon, p) => {
    startIndices[p] = vertex;
    polygonRings[p] = rings;
    polygon.rings.forEach((ring) => {
      ringStarts[rings++] = vertex;
      for (const point of ring) {
        positions[2 * vertex] = point[0];
        positions[2 * vertex + 1] = point[1];
        vertex += 1;
      }
    });
  });
  startIndices[polygons.length] = vertex;
  ringStarts[rings] = vertex;
  polygonRings[polygons.length] = rings;
  return { length: polygons.length, startIndices, positions, ringStarts, polygonRings };
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
  const arrays = [fill.startIndices, fill.positions, fill.ringStarts, fill.polygonRings, outline.startIndices, outline.positions, outline.polygonPaths];
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
