import { describe, expect, it } from 'vitest';
import { driftRange, EMPTY_RANGE, formatRangeLabel, INITIAL_RANGE, scalarRange } from './colour-range.ts';

describe('colour range', () => {
  it('starts at [-2, 2] and falls back to [0, 1]', () => {
    expect(INITIAL_RANGE).toEqual([-2, 2]);
    expect(EMPTY_RANGE).toEqual([0, 1]);
  });

  it("uses a slice's finite minimum and maximum", () => {
    expect(scalarRange({ min: 0.12, max: 3.9 })).toEqual([0.12, 3.9]);
    expect(scalarRange({ min: Number.NaN, max: Number.NaN })).toBeNull();
  });

  it('runs drift from 0 to the largest speed, none when there is no speed', () => {
    expect(driftRange({ maxSpeed: 0.27 })).toEqual([0, 0.27]);
    expect(driftRange({ maxSpeed: 0 })).toBeNull();
  });

  it('labels with one decimal', () => {
    expect(formatRangeLabel(3.96)).toBe('4.0');
    expect(formatRangeLabel(0.04)).toBe('0.0');
    expect(formatRangeLabel(-0.04)).toBe('0.0');
    expect(formatRangeLabel(-2)).toBe('-2.0');
  });
});
