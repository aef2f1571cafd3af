/**
 * One horizontal slice of a variable as float32, ready for applyMapping / rotateToEastNorth: the one reader of
 * the decode worker (a local file) and the server's ingest (analyses, imported forecasts).
 */
import { RegridError, regridReasonsRu } from './errors.ts';

/** What the reader needs of an open file: the NetCDF decoder's dataset fits as it is. */
export interface SliceFile {
  variable(name: string): { shape: number[] };
  /** Unpacked values, NaN missing; with `index`, one slab of the first dimension. */
  read(name: string, index?: number): Float32Array | Float64Array;
}

export interface FieldIndex {
  /** Index along the first dimension when the variable has more than two (a time step). Default 0. */
  time?: number;
  /** Index along the second dimension when the variable has four (a depth level). Default 0. */
  level?: number;
}

/**
 * The (y, x) slice of `variable` at `time` (and `level` for 4-D variables), row-major ny × nx, NaN missing.
 * Reads only that time step from the file. Variables of 2 dimensions ignore `time`.
 */
export function readField(dataset: SliceFile, variable: string, index: FieldIndex = {}): Float32Array {
  const info = dataset.variable(variable);
  if (info.shape.length < 2) throw new RegridError('not-a-field', regridReasonsRu.notAField(variable));
  const [ny, nx] = info.shape.slice(-2);
  const plane = ny * nx;
  const time = index.time ?? 0;
  const level = index.level ?? 0;
  let values: ArrayLike<number>;
  if (info.shape.length === 2) {
    values = dataset.read(variable);
  } else {
    const slab = dataset.read(variable, time);
    // A slab is everything after the first dimension: for (time, depth, y, x) pick the level's plane.
    const planes = slab.length / plane;
    const pick = info.shape.length >= 4 ? level : 0;
    if (pick < 0 || pick >= planes) {
      throw new RangeError(`level ${pick} out of range 0..${planes - 1} for ${variable}`);
    }
    values = slab.subarray(pick * plane, (pick + 1) * plane);
  }
  if (values.length !== plane) throw new RegridError('size-mismatch', regridReasonsRu.sizeMismatch(plane, values.length));
  return values instanceof Float32Array ? values.slice() : Float32Array.from(values);
}
