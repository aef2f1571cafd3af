/**
 * The probability of ice from several forecasts of one valid time: per cell, the share of the members whose
 * concentration (fraction 0–1) is at or above the ice edge's level (0.15), among the members with a value
 * there; NaN where no member has one (land, outside every grid). The members must share one grid (same
 * rows × columns, same order).
 */
import { UnsupportedFeatureError } from '../netcdf/errors.ts';

export interface ProbabilityField {
  /** 0–1 per cell, row-major as the members; NaN where no member has a value. */
  data: Float32Array;
  /** Finite minimum and maximum (NaN when none). */
  min: number;
  max: number;
}

export function iceProbability(members: readonly Float32Array[], level: number): ProbabilityField {
  if (members.length === 0) throw new UnsupportedFeatureError('no forecasts to make an ice probability from');
  const cells = members[0].length;
  for (const member of members) {
    if (member.length !== cells) throw new UnsupportedFeatureError(`forecasts on different grids (${member.length} and ${cells} cells) cannot be combined`);
  }
  const data = new Float32Array(cells);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < cells; i++) {
    let valid = 0;
    let ice = 0;
    for (const member of members) {
      const value = member[i];
      if (value === value) {
        // not NaN
        valid++;
        if (value >= level) ice++;
      }
    }
    if (valid === 0) {
      data[i] = Number.NaN;
      continue;
    }
    const p = ice / valid;
    data[i] = p;
    if (p < min) min = p;
    if (p > max) max = p;
  }
  return min <= max ? { data, min, max } : { data, min: Number.NaN, max: Number.NaN };
}
