/**
 * Summary statistics of unpacked values, as ncstats prints them: how many values are valid (finite after
 * masking), how many missing, and min / max / mean of the valid ones (mean accumulated in float64).
 */
import type { UnpackedData } from './types.ts';

export interface VariableStats {
  shape: number[];
  valid: number;
  missing: number;
  min: number | null;
  max: number | null;
  mean: number | null;
}

export function summarize(values: UnpackedData, shape: number[]): VariableStats {
  let valid = 0;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v - v !== 0) continue; // NaN or ±Infinity
    valid++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return {
    shape,
    valid,
    missing: values.length - valid,
    min: valid ? min : null,
    max: valid ? max : null,
    mean: valid ? sum / valid : null,
  };
}

/** Finite minimum and maximum, both NaN when there is none (the worker's slice contract). */
export function finiteRange(values: Float32Array): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v - v !== 0) continue; // NaN or ±Infinity
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : { min: NaN, max: NaN };
}
