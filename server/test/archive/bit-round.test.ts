import { describe, expect, it } from 'vitest';
import { bitRound, KEEPBITS, keepbitsFor } from '../../src/archive/bit-round.ts';

describe('bit rounding', () => {
  it('keeps each variable within the precision that matters', () => {
    const cases = [
      { keep: KEEPBITS.thickness, max: 15.9, error: 0.005 }, // 1 cm
      { keep: KEEPBITS.concentration, max: 1, error: 0.0005 }, // 0.001
      { keep: KEEPBITS.speed, max: 1.9, error: 0.0005 }, // 1 mm/s
      { keep: KEEPBITS.direction, max: 2 * Math.PI, error: 0.001 },
    ];
    for (const { keep, max, error } of cases) {
      const values = Float32Array.from({ length: 10_000 }, (_, i) => (max * (i + 0.37)) / 10_000);
      const rounded = bitRound(values.slice(), keep);
      let worst = 0;
      for (let i = 0; i < values.length; i++) worst = Math.max(worst, Math.abs(rounded[i] - values[i]));
      expect(worst).toBeLessThanOrEqual(error);
      expect(worst).toBeGreaterThan(0); // something was actually rounded
    }
  });

  it('zeroes the dropped mantissa bits and leaves NaN and infinities alone', () => {
    const values = Float32Array.of(Math.PI, -2.71828, NaN, Infinity, -Infinity, 0);
    bitRound(values, 10);
    const bits = new Uint32Array(values.buffer);
    for (const i of [0, 1, 5]) expect(bits[i] & ((1 << 13) - 1)).toBe(0);
    expect(values[2]).toBeNaN();
    expect(values[3]).toBe(Infinity);
    expect(values[4]).toBe(-Infinity);
    expect(values[0]).toBeCloseTo(Math.PI, 2);
  });

  it('rounds half to even', () => {
    // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10 at 10 bits: goes to 1 (even); 1 + 3·2^-11 goes up.
    const values = Float32Array.of(1 + 2 ** -11, 1 + 3 * 2 ** -11);
    bitRound(values, 10);
    expect(Array.from(values)).toEqual([1, 1 + 2 * 2 ** -10]);
  });

  it('chooses the fewest bits for a bound', () => {
    expect(keepbitsFor(1, 0.5)).toBe(1);
    expect(keepbitsFor(15.99, 0.005)).toBe(10);
  });
});
