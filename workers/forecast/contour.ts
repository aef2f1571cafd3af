/**
 * Iso-lines of a decoded slice (the ice edge: the 15 % concentration line) as latitude/longitude polylines.
 *
 * Marching squares is d3-contour's (`contours().smooth(false)`), run in grid coordinates; we then place each
 * vertex ourselves. d3 puts sample (i, j) at the centre of the unit pixel [i, i+1] × [j, j+1] and, unsmoothed,
 * every vertex sits half-way along the edge between two neighbouring samples, with one coordinate a whole
 * number (the edge it crosses). That tells us exactly which two cells the vertex lies between, so we:
 *  - interpolate linearly between those two cells' values (what d3's own smoothing does), and map the result
 *    to degrees through the grid (common/field-grid.ts `fieldPointAt`: on a lat/lon grid the cell centre of
 *    column i is lon0 + i·dlon, of row j lat0 + j·dlat; on a polar stereographic grid the point x0 + i·dx,
 *    y0 + j·dy of the plane, projected back): exact at cell centres, linear between them in the grid's own plane;
 *  - drop the vertex when either cell is NaN (land, missing) or outside the grid. d3 treats NaN and the area
 *    outside the grid as "below the level", so it closes every ice area along coasts and the grid's border;
 *    those vertices are precisely the ones between a valid cell and a NaN/outside one. Dropping them (and the
 *    segments that touch them) leaves only the lines between two valid cells: the edge ends at the coast
 *    instead of running along it. We chose this clipping over filling NaN cells with a made-up value because
 *    it invents nothing: every vertex drawn is a crossing between two real values.
 * Rings d3 returns closed stay closed when nothing is dropped; otherwise they split into open polylines.
 */
import { contours } from 'd3-contour';
import type { ContourLines, FieldGrid } from '../forecast.api.ts';
import { fieldPointAt, gridShape, isProjectedGrid } from '../../common/field-grid.ts';

/**
 * On a polar grid a line crossing 180° would jump from +180 to −180 (a stroke round the world): each path's
 * longitudes are kept within 180° of the point before instead (181° is −179°, drawn continuously).
 */
function unwrapPaths(coordinates: number[], starts: number[]): void {
  for (let p = 0; p < starts.length; p++) {
    const end = p + 1 < starts.length ? starts[p + 1] : coordinates.length / 2;
    for (let k = starts[p] + 1; k < end; k++) {
      const previous = coordinates[2 * (k - 1)];
      coordinates[2 * k] -= 360 * Math.round((coordinates[2 * k] - previous) / 360);
    }
  }
}

export function contourLines(data: Float32Array, grid: FieldGrid, level: number): ContourLines {
  const { width, height } = gridShape(grid);
  if (data.length !== width * height) throw new RangeError(`slice has ${data.length} values, grid ${width}×${height}`);
  const generator = contours().size([width, height]).smooth(false).thresholds([level]);
  const multiPolygon = generator.contour(data as unknown as number[], level);

  const coordinates: number[] = [];
  const starts: number[] = [];
  let pathLength = 0;
  const endPath = (): void => {
    if (pathLength === 1) {
      // A lone vertex is no line: take it back.
      coordinates.length -= 2;
      starts.pop();
    }
    pathLength = 0;
  };
  // The vertex just placed, degrees.
  let lon = 0;
  let lat = 0;
  /** Place a d3 vertex (x, y in pixel space); false when it lies next to a NaN cell or the grid's border. */
  const place = (x: number, y: number): boolean => {
    let i0: number, j0: number, i1: number, j1: number;
    if (Number.isInteger(x)) {
      // Between columns x-1 and x of row y-0.5.
      i0 = x - 1;
      i1 = x;
      j0 = j1 = y - 0.5;
    } else {
      // Between rows y-1 and y of column x-0.5.
      i0 = i1 = x - 0.5;
      j0 = y - 1;
      j1 = y;
    }
    if (i0 < 0 || j0 < 0 || i1 >= width || j1 >= height) return false;
    const v0 = data[j0 * width + i0];
    const v1 = data[j1 * width + i1];
    if (!Number.isFinite(v0) || !Number.isFinite(v1)) return false;
    // One value is >= level and the other below, so v1 !== v0 and t lies in [0, 1].
    const t = (level - v0) / (v1 - v0);
    const gi = i0 + t * (i1 - i0);
    const gj = j0 + t * (j1 - j0);
    [lon, lat] = fieldPointAt(grid, gi, gj);
    return true;
  };

  for (const polygon of multiPolygon.coordinates) {
    for (const ring of polygon) {
      // d3's rings are closed (last vertex = first). Start the walk just after a dropped vertex if there is one,
      // so a line crossing the ring's seam comes out whole.
      const n = ring.length - 1;
      const valid = new Uint8Array(n);
      const lons = new Float64Array(n);
      const lats = new Float64Array(n);
      let firstDropped = -1;
      for (let k = 0; k < n; k++) {
        valid[k] = place(ring[k][0], ring[k][1]) ? 1 : 0;
        lons[k] = lon;
        lats[k] = lat;
        if (!valid[k] && firstDropped < 0) firstDropped = k;
      }
      const closed = firstDropped < 0;
      const offset = closed ? 0 : firstDropped + 1;
      const steps = closed ? n + 1 : n;
      for (let s = 0; s < steps; s++) {
        const k = (offset + s) % n;
        if (!valid[k]) {
          endPath();
          continue;
        }
        if (pathLength === 0) starts.push(coordinates.length / 2);
        coordinates.push(lons[k], lats[k]);
        pathLength += 1;
      }
      endPath();
    }
  }
  if (isProjectedGrid(grid)) unwrapPaths(coordinates, starts);
  return { coordinates: Float64Array.from(coordinates), starts: Uint32Array.from(starts), level };
}
