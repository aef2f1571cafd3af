/**
 * The hindcast metrics' scores of one field against the analysis of its valid date (server/src/verification/
 * hindcast-metrics.ts), unweighted, over the cells where the difference is finite:
 *  - RMSE and MAE in the variable's unit (error-sums.ts, each cell weighing 1).
 *  - SSIM (Wang et al. 2004) with a 7 × 7 uniform window and sample (N−1) covariances, the convention of
 *    scikit-image's `structural_similarity` defaults: C1 = (0.01 L)², C2 = (0.03 L)², L = the data range given.
 *    Only windows whose 49 cells are all valid count (land and coasts are left out); the score is their mean.
 * Window sums come from summed-area tables, so a full grid takes a few tens of milliseconds.
 */
import { ErrorSums } from './error-sums.ts';

export interface Scores {
  rmse: number;
  mae: number;
  ssim: number;
}

/** Root-mean-square and mean absolute error over cells where both arrays are finite; NaN when none are. */
export function errorScores(forecast: ArrayLike<number>, truth: ArrayLike<number>): { rmse: number; mae: number; count: number } {
  const sums = new ErrorSums();
  for (let k = 0; k < truth.length; k++) {
    const d = forecast[k] - truth[k];
    if (d === d) sums.add(d);
  }
  return { rmse: sums.rmse() ?? NaN, mae: sums.mae() ?? NaN, count: sums.weight };
}

/** Side of the SSIM window, cells. */
const SSIM_WINDOW = 7;

/**
 * Mean SSIM of two row-major fields (height × width). `dataRange` is L, the span the variable can take
 * (1 for concentration, e.g. 4 m for thickness). NaN when no window is fully valid.
 */
export function ssim(
  forecast: ArrayLike<number>,
  truth: ArrayLike<number>,
  width: number,
  height: number,
  dataRange: number,
  window = SSIM_WINDOW,
): number {
  const W = width + 1;
  const size = W * (height + 1);
  // Summed-area tables of x, y, x², y², xy and the count of valid cells.
  const sx = new Float64Array(size);
  const sy = new Float64Array(size);
  const sxx = new Float64Array(size);
  const syy = new Float64Array(size);
  const sxy = new Float64Array(size);
  const sn = new Int32Array(size);
  for (let j = 0; j < height; j++) {
    let rx = 0;
    let ry = 0;
    let rxx = 0;
    let ryy = 0;
    let rxy = 0;
    let rn = 0;
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      const x = forecast[k];
      const y = truth[k];
      if (x === x && y === y) {
        rx += x;
        ry += y;
        rxx += x * x;
        ryy += y * y;
        rxy += x * y;
        rn++;
      }
      const t = (j + 1) * W + i + 1;
      const above = t - W;
      sx[t] = sx[above] + rx;
      sy[t] = sy[above] + ry;
      sxx[t] = sxx[above] + rxx;
      syy[t] = syy[above] + ryy;
      sxy[t] = sxy[above] + rxy;
      sn[t] = sn[above] + rn;
    }
  }
  const c1 = (0.01 * dataRange) ** 2;
  const c2 = (0.03 * dataRange) ** 2;
  const n = window * window;
  let total = 0;
  let windows = 0;
  for (let j = 0; j + window <= height; j++) {
    for (let i = 0; i + window <= width; i++) {
      // Corners of the window in the summed-area tables: bottom-right, top-right, bottom-left, top-left.
      const br = (j + window) * W + i + window;
      const tr = j * W + i + window;
      const bl = (j + window) * W + i;
      const tl = j * W + i;
      if (sn[br] - sn[tr] - sn[bl] + sn[tl] !== n) continue;
      const mx = (sx[br] - sx[tr] - sx[bl] + sx[tl]) / n;
      const my = (sy[br] - sy[tr] - sy[bl] + sy[tl]) / n;
      // Sample variances and covariance (divide by n − 1); clamp tiny negatives from rounding.
      const vx = Math.max(0, (sxx[br] - sxx[tr] - sxx[bl] + sxx[tl] - n * mx * mx) / (n - 1));
      const vy = Math.max(0, (syy[br] - syy[tr] - syy[bl] + syy[tl] - n * my * my) / (n - 1));
      const cxy = (sxy[br] - sxy[tr] - sxy[bl] + sxy[tl] - n * mx * my) / (n - 1);
      total += ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      windows++;
    }
  }
  return windows ? total / windows : NaN;
}

/** RMSE, MAE and SSIM of one field. */
export function scoreField(
  forecast: ArrayLike<number>,
  truth: ArrayLike<number>,
  width: number,
  height: number,
  dataRange: number,
): Scores {
  const { rmse, mae } = errorScores(forecast, truth);
  return { rmse, mae, ssim: ssim(forecast, truth, width, height, dataRange) };
}
