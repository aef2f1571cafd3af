/**
 * The colour range rules of the map: the slice's finite minimum and maximum; [-2, 2] before any
 * data; [0, 1] when the variable is missing or has no finite value (and then nothing is drawn). Drift runs
 * from 0 to the slice's largest speed.
 */
import type { DriftSlice, ScalarSlice } from '../../../workers/forecast.api.ts';

export type ColourRange = readonly [min: number, max: number];

/** Before any data is shown. */
export const INITIAL_RANGE: ColourRange = [-2, 2];
/** When the variable is missing from the file or has no finite value. */
export const EMPTY_RANGE: ColourRange = [0, 1];

export function scalarRange(slice: Pick<ScalarSlice, 'min' | 'max'>): ColourRange | null {
  return Number.isFinite(slice.min) && Number.isFinite(slice.max) ? [slice.min, slice.max] : null;
}

/** [0, max speed] in m/s; null when the slice has no finite speed (the worker reports 0 then). */
export function driftRange(slice: Pick<DriftSlice, 'maxSpeed'>): ColourRange | null {
  return Number.isFinite(slice.maxSpeed) && slice.maxSpeed > 0 ? [0, slice.maxSpeed] : null;
}

/** Legend labels: one decimal ('0.5', '-1.2'), never '-0.0'. */
export function formatRangeLabel(value: number): string {
  const text = value.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}
