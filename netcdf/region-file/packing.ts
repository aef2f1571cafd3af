/**
 * CF packing of a region file's fields into int16 (`short`): value = packed · scale_factor + add_offset, the
 * short −32768 is `_FillValue` (land, no value). Half the bytes of float32, and steps well below what the
 * fields are known to: 1 mm of thickness, 1e-4 of concentration, 0.1 mm/s of speed, 1e-4 rad (0.006°) of
 * direction. Values beyond a variable's range are clamped to it (32.767 m, 3.2767 m/s are far beyond sea ice).
 */
import { FILE_VARIABLES, type FileVariable } from '../../common/forecast-file/variables.ts';

export interface Packing {
  scale: number;
  offset: number;
}

export const PACKED_FILL = -32768;
const PACKED_MAX = 32767;

/** Per file variable: scale_factor and add_offset (stored as float32 attributes, as netCDF4-python expects). */
export const PACKING: Readonly<Record<FileVariable, Packing>> = Object.freeze({
  // metres: 0 … 32.767 m
  [FILE_VARIABLES.thickness]: { scale: 0.001, offset: 0 },
  // fraction 0 … 1 (room to 3.2767)
  [FILE_VARIABLES.concentration]: { scale: 1e-4, offset: 0 },
  // m/s: 0 … 3.2767 m/s
  [FILE_VARIABLES.speed]: { scale: 1e-4, offset: 0 },
  // radians 0 … 2π, centred: π ± 3.2767 rad
  [FILE_VARIABLES.direction]: { scale: 1e-4, offset: Math.fround(Math.PI) },
});

/** Float values (NaN = missing) → packed shorts, rounded to the nearest step. */
export function pack(values: Float32Array, { scale, offset }: Packing): Int16Array {
  // The reader unpacks with the float32 attributes: pack with the same numbers so a value round-trips.
  const s = Math.fround(scale);
  const o = Math.fround(offset);
  const out = new Int16Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v !== v) {
      out[k] = PACKED_FILL;
      continue;
    }
    const p = Math.round((v - o) / s);
    out[k] = p > PACKED_MAX ? PACKED_MAX : p < -PACKED_MAX ? -PACKED_MAX : p;
  }
  return out;
}
