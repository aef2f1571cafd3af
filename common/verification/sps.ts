/**
 * The spatial probability score of an ensemble (Goessling & Jung 2018): SPS = Σ A · (P − O)², km², with P the
 * share of members with ice (concentration ≥ 0.15) in a cell and O = 1 where the analysis has ice, else 0;
 * over the cells where the analysis and every member are finite. With one member it equals that member's IIEE.
 */
import { ICE_THRESHOLD } from './ice-edge.ts';
import { cellAreasKm2, isPlanarScoreGrid, scoreGridShape, type ScoreGrid } from './score-grid.ts';

/** Share of `members` (concentration fields) with ice in each cell; NaN where any member is NaN. */
export function iceProbability(members: readonly ArrayLike<number>[], length: number): Float32Array {
  const out = new Float32Array(length);
  if (members.length === 0) return out.fill(NaN);
  for (let k = 0; k < length; k++) {
    let ice = 0;
    let nan = false;
    for (const member of members) {
      const c = member[k];
      if (c !== c) nan = true;
      else if (c >= ICE_THRESHOLD) ice++;
    }
    out[k] = nan ? NaN : ice / members.length;
  }
  return out;
}

/** SPS of the ensemble `members` against the analysis concentration `truth`, km²; null without members. */
export function spatialProbabilityScore(
  grid: ScoreGrid,
  members: readonly ArrayLike<number>[],
  truth: ArrayLike<number>,
  areas = cellAreasKm2(grid),
): number | null {
  if (members.length === 0) return null;
  const { nx, ny } = scoreGridShape(grid);
  const perCell = isPlanarScoreGrid(grid);
  const p = iceProbability(members, nx * ny);
  let total = 0;
  for (let j = 0; j < ny; j++) {
    const row = j * nx;
    for (let k = row; k < row + nx; k++) {
      const t = truth[k];
      const pk = p[k];
      if (t !== t || pk !== pk) continue;
      const d = pk - (t >= ICE_THRESHOLD ? 1 : 0);
      total += areas[perCell ? k : j] * d * d;
    }
  }
  return total;
}
