/**
 * Running sums of the differences d = forecast − truth, each cell weighted by w: Σw, Σw·d², Σw·|d| and Σw·d.
 * RMSE, MAE and bias are those sums over Σw. The verification records weight a cell by its area (km², scores.ts);
 * the hindcast metrics count cells (w = 1, hindcast-scores.ts). Which cells count is the caller's choice.
 */
export class ErrorSums {
  weight = 0;
  squared = 0;
  absolute = 0;
  signed = 0;

  /** Add one cell's difference `d` with weight `w`. */
  add(d: number, w = 1): void {
    this.weight += w;
    this.squared += w * d * d;
    this.absolute += w * Math.abs(d);
    this.signed += w * d;
  }

  /** √(Σw·d² / Σw); null when nothing was added. */
  rmse(): number | null {
    return this.weight > 0 ? Math.sqrt(this.squared / this.weight) : null;
  }

  /** Σw·|d| / Σw; null when nothing was added. */
  mae(): number | null {
    return this.weight > 0 ? this.absolute / this.weight : null;
  }

  /** Σw·d / Σw (positive: the forecast is too high); null when nothing was added. */
  bias(): number | null {
    return this.weight > 0 ? this.signed / this.weight : null;
  }
}
