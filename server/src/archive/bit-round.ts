/**
 * Bit rounding of float32 data (Klöwer et al. 2021; netCDF-C's `nc_quantize` BitRound mode): round the
 * mantissa to its `keepbits` most significant bits, round-half-to-even, so the trailing bits are zeros
 * and gzip/brotli compress the file far better. The number kept goes into the CF attribute
 * `_QuantizeBitRoundNumberOfSignificantBits`.
 */

/** Mantissa bits of a float32. */
const MANTISSA_BITS = 23;

/**
 * Fewest mantissa bits that keep every value up to `maxAbs` within `maxError` of the original.
 * Rounding to k bits errs by at most half a unit in the last place: 2^(e - k - 1) for values in [2^e, 2^(e+1)).
 */
export function keepbitsFor(maxAbs: number, maxError: number): number {
  const e = Math.floor(Math.log2(maxAbs));
  const k = Math.ceil(e - 1 - Math.log2(maxError));
  return Math.min(MANTISSA_BITS, Math.max(1, k));
}

/** Round in place; NaN and ±Infinity stay as they are. Returns the same array. */
export function bitRound(values: Float32Array, keepbits: number): Float32Array {
  if (!Number.isInteger(keepbits) || keepbits < 1 || keepbits > MANTISSA_BITS) {
    throw new RangeError(`keepbits must be 1..${MANTISSA_BITS}, got ${keepbits}`);
  }
  if (keepbits === MANTISSA_BITS) return values;
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  const drop = MANTISSA_BITS - keepbits;
  const mask = (0xffffffff << drop) >>> 0;
  const half = (1 << (drop - 1)) - 1; // one less than half, plus the kept LSB below: ties go to even
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i];
    if ((b & 0x7f800000) === 0x7f800000) continue; // NaN or infinity
    const lsb = (b >>> drop) & 1;
    bits[i] = ((b + half + lsb) & mask) >>> 0;
  }
  return values;
}

/**
 * The precision each variable keeps: what matters to a user, as absolute error bounds.
 * Thickness to 1 cm (error ≤ 0.5 cm below 16 m), concentration to 0.001, speed to 1 mm/s (below 2 m/s),
 * direction to 0.002 rad (about 0.1°).
 */
export const KEEPBITS = Object.freeze({
  thickness: keepbitsFor(15.99, 0.005),
  concentration: keepbitsFor(1, 0.0005),
  speed: keepbitsFor(1.99, 0.0005),
  direction: keepbitsFor(2 * Math.PI, 0.001),
});
