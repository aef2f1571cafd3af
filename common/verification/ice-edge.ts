/**
 * The ice edge: the contour of concentration = 0.15 through the grid's cell centres, by marching squares with
 * linear interpolation along the sides, and its length on the sphere.
 *
 * Each square of four neighbouring centres is cut where its sides cross the threshold (a value ≥ 0.15 is ice).
 * A saddle (ice on two opposite corners only) is resolved by the square's mean: ice in the middle joins the ice
 * corners. Land and missing data are NaN; a square with exactly one NaN corner is traced as the triangle of its
 * three others (so the edge runs on up to the coast instead of stopping a cell short, and never along the
 * coastline itself); a square with two or more NaN corners carries no edge.
 */
import { greatCircleKm } from './grid-area.ts';
import { scoreGridLonLat, scoreGridShape, type ScoreGrid } from './score-grid.ts';

/** Concentration (fraction) at and above which a cell counts as ice. */
export const ICE_THRESHOLD = 0.15;

/** One piece of the edge, from (x1, y1) to (x2, y2) in fractional column and row indices. */
export type SegmentVisitor = (x1: number, y1: number, x2: number, y2: number) => void;

// Corner k of a square, as offsets (column, row), walking round it: (0,0), (1,0), (1,1), (0,1).
const DX = [0, 1, 1, 0];
const DY = [0, 0, 1, 1];

/** Visit every piece of the `threshold` contour of a row-major field (nlat rows × nlon columns). */
export function traceIceEdge(field: ArrayLike<number>, grid: ScoreGrid, visit: SegmentVisitor, threshold = ICE_THRESHOLD): void {
  const { nx: nlon, ny: nlat } = scoreGridShape(grid);
  const v = [0, 0, 0, 0];
  const xs = [0, 0, 0, 0];
  const ys = [0, 0, 0, 0];
  for (let j = 0; j + 1 < nlat; j++) {
    const row = j * nlon;
    for (let i = 0; i + 1 < nlon; i++) {
      v[0] = field[row + i];
      v[1] = field[row + i + 1];
      v[2] = field[row + nlon + i + 1];
      v[3] = field[row + nlon + i];
      let finite = 0;
      let ice = 0;
      let nan = -1;
      for (let k = 0; k < 4; k++) {
        if (v[k] === v[k]) {
          finite++;
          if (v[k] >= threshold) ice++;
        } else nan = k;
      }
      if (finite < 3 || ice === 0 || ice === finite) continue;
      if (finite === 3) {
        // The triangle of the three finite corners: two of its sides cross.
        let n = 0;
        for (let s = 1; s <= 3; s++) {
          const p = (nan + s) % 4;
          const q = (nan + (s % 3) + 1) % 4;
          if (v[p] >= threshold !== v[q] >= threshold) {
            const t = (threshold - v[p]) / (v[q] - v[p]);
            xs[n] = i + DX[p] + t * (DX[q] - DX[p]);
            ys[n] = j + DY[p] + t * (DY[q] - DY[p]);
            n++;
          }
        }
        visit(xs[0], ys[0], xs[1], ys[1]);
        continue;
      }
      // Crossing on side k (from corner k to corner k+1), or NaN where the side does not cross.
      for (let k = 0; k < 4; k++) {
        const q = (k + 1) & 3;
        if (v[k] >= threshold !== v[q] >= threshold) {
          const t = (threshold - v[k]) / (v[q] - v[k]);
          xs[k] = i + DX[k] + t * (DX[q] - DX[k]);
          ys[k] = j + DY[k] + t * (DY[q] - DY[k]);
        } else xs[k] = NaN;
      }
      if (ice === 2 && v[0] >= threshold === v[2] >= threshold) {
        // Saddle: cut off the two corners that the middle does not belong to.
        const middleIce = (v[0] + v[1] + v[2] + v[3]) / 4 >= threshold;
        const cutIce = !middleIce;
        for (let k = 0; k < 4; k++) {
          if (v[k] >= threshold === cutIce) {
            const before = (k + 3) & 3; // the side ending at corner k
            visit(xs[before], ys[before], xs[k], ys[k]);
          }
        }
        continue;
      }
      let first = -1;
      for (let k = 0; k < 4; k++) {
        if (xs[k] !== xs[k]) continue;
        if (first < 0) first = k;
        else visit(xs[first], ys[first], xs[k], ys[k]);
      }
    }
  }
}

/**
 * Length of the ice edge of a concentration field, km: each segment's ends taken to longitude/latitude (through
 * the CRS on a plane) and joined by a great circle.
 */
export function iceEdgeLengthKm(field: ArrayLike<number>, grid: ScoreGrid, threshold = ICE_THRESHOLD): number {
  let total = 0;
  traceIceEdge(
    field,
    grid,
    (x1, y1, x2, y2) => {
      const [lon1, lat1] = scoreGridLonLat(grid, x1, y1);
      const [lon2, lat2] = scoreGridLonLat(grid, x2, y2);
      total += greatCircleKm(lat1, lon1, lat2, lon2);
    },
    threshold,
  );
  return total;
}
