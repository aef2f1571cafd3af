/**
 * 'Разность': a − b cell by cell (assimilated − free run, or forecast − analysis), NaN where either is missing,
 * and the symmetric colour range [−m, +m] with m the largest absolute difference.
 */
import type { FieldGrid, ScalarSlice } from '../../../../workers/forecast.api.ts';
import type { ForecastVariable, LeadIndex } from '../forecast-variables.ts';

/** Which difference: between the runs (assimilated − free), or forecast − analysis. */
export type DifferenceKind = 'runs' | 'analysis';

export interface DifferenceField {
  kind: DifferenceKind;
  variable: ForecastVariable;
  leadIndex: LeadIndex;
  grid: FieldGrid;
  /** a − b per cell (NaN where either is missing), with its min/max, as the scalar field layer takes it. */
  slice: ScalarSlice;
  /** The minuend and the subtrahend (the readout shows both values). */
  a: Float32Array;
  b: Float32Array;
  /** Largest absolute difference (≥ 0); the range is [−m, +m]. 0 when a and b agree everywhere or have no common cell. */
  m: number;
  /** Which file each side came from (for tests and the legend). */
  keys: { a: string; b: string };
}

export function differenceOf(a: Float32Array, b: Float32Array, width: number, height: number): { slice: ScalarSlice; m: number } {
  if (a.length !== b.length || a.length !== width * height) throw new RangeError('the two slices are not on the same grid');
  const data = new Float32Array(a.length);
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < a.length; k++) {
    const d = a[k] - b[k]; // NaN if either is NaN
    data[k] = d;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  const finite = min <= max;
  const m = finite ? Math.max(Math.abs(min), Math.abs(max)) : 0;
  return { slice: { data, width, height, min: finite ? min : Number.NaN, max: finite ? max : Number.NaN }, m };
}

/** Legend/readout decimals: one for thickness (m), two for concentration (fraction). */
export function differenceDecimals(variable: ForecastVariable): number {
  return variable === 'sithick_GLORYS' ? 1 : 2;
}

/** '+0.12', '−0.30', '0.00' (a real minus sign; no '−0.00'). */
export function formatSigned(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return text;
  return `${value < 0 ? '−' : '+'}${text}`;
}

/** The colour range drawn: [−m, +m], widened to a hair above zero when the fields agree (the ramp needs a span). */
export function differenceRange(m: number): [number, number] {
  const half = m > 0 ? m : 1e-6;
  return [-half, half];
}

/**
 * True when the map shows a difference instead of the field. Here (not in difference-layers.ts) so that the
 * legend and the sidebar do not pull deck.gl into the page's first chunk (a slow link's first view).
 */
export function showsDifference(state: { mode: string; difference: unknown }): boolean {
  return state.mode === 'difference' && state.difference !== null && state.difference !== 'none';
}
