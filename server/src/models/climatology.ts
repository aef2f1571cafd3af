/**
 * The climatology of an archive: the mean of its analyses cell by cell, ignoring NaN (drift exists only where
 * there was ice). A cell with no finite value in any analysis is NaN.
 */
import type { StateGrid } from '../grid/grid.ts';
import { STATE_FIELDS, type IceState } from '../grid/ice-state.ts';

export function climatology<G extends StateGrid>(states: IceState<G>[]): IceState<G> {
  if (states.length === 0) throw new RangeError('climatology of an empty archive');
  const grid = states[0].grid;
  const out = { grid } as IceState<G>;
  const n = states[0].thickness.length;
  for (const field of STATE_FIELDS) {
    const sum = new Float64Array(n);
    const count = new Uint16Array(n);
    for (const s of states) {
      const a = s[field];
      for (let k = 0; k < n; k++) {
        const x = a[k];
        if (x === x) {
          sum[k] += x;
          count[k]++;
        }
      }
    }
    const mean = new Float32Array(n);
    for (let k = 0; k < n; k++) mean[k] = count[k] ? sum[k] / count[k] : NaN;
    out[field] = mean;
  }
  return out;
}
