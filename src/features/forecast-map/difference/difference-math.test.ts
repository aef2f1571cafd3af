import { describe, expect, it } from 'vitest';
import { differenceOf, differenceRange, formatSigned } from './difference-math.ts';

describe('difference fields', () => {
  it('subtracts cell by cell, missing where either side is, and takes m from the largest absolute difference', () => {
    const a = Float32Array.from([1, 2, Number.NaN, 0.5, 3]);
    const b = Float32Array.from([1.5, 1, 1, Number.NaN, 3]);
    const { slice, m } = differenceOf(a, b, 5, 1);
    expect(Array.from(slice.data)).toEqual([-0.5, 1, Number.NaN, Number.NaN, 0]);
    expect([slice.min, slice.max]).toEqual([-0.5, 1]);
    expect(m).toBe(1);
    expect(differenceRange(m)).toEqual([-1, 1]);
    // Symmetric even when the negative side is the larger one.
    expect(differenceOf(Float32Array.from([0, 0]), Float32Array.from([2.5, -0.25]), 2, 1).m).toBe(2.5);
  });

  it('has no range when the two fields share no cell, and a hair-wide one when they agree', () => {
    const none = differenceOf(Float32Array.from([Number.NaN]), Float32Array.from([1]), 1, 1);
    expect(none.m).toBe(0);
    expect(none.slice.min).toBeNaN();
    const [low, high] = differenceRange(0);
    expect(low).toBeLessThan(0);
    expect(high).toBe(-low);
  });

  it('signs the legend labels', () => {
    expect(formatSigned(-0.345, 1)).toBe('−0.3');
    expect(formatSigned(0.345, 2)).toBe('+0.34');
    expect(formatSigned(-0.001, 2)).toBe('0.00');
  });
});
