import { describe, expect, it } from 'vitest';
import { iceProbability } from './ice-probability.ts';

describe('ice probability from several forecasts', () => {
  it('is the share of members at or above the level among those with a value', () => {
    const nan = Number.NaN;
    const members = [
      Float32Array.from([0.0, 0.15, 0.9, nan, nan, 0.14]),
      Float32Array.from([0.2, 0.1, 0.8, 0.5, nan, 0.16]),
      Float32Array.from([0.3, 0.05, 1.0, nan, nan, 0.149]),
      Float32Array.from([0.1, 0.14, 0.7, 0.0, nan, 0.151]),
    ];
    const field = iceProbability(members, 0.15);
    expect(Array.from(field.data.slice(0, 4))).toEqual([0.5, 0.25, 1, 0.5]);
    expect(field.data[4]).toBeNaN();
    // At the level counts as ice (cell 1: 0.15 in the first member); 0.149 is below it, 0.151 and 0.16 above.
    expect(field.data[5]).toBe(0.5);
    expect([field.min, field.max]).toEqual([0.25, 1]);
  });

  it('takes one member as 0 or 1', () => {
    expect(Array.from(iceProbability([Float32Array.from([0.5, 0.01])], 0.15).data)).toEqual([1, 0]);
  });

  it('refuses no members and members on different grids', () => {
    expect(() => iceProbability([], 0.15)).toThrow(/no forecasts/);
    expect(() => iceProbability([new Float32Array(4), new Float32Array(6)], 0.15)).toThrow(/different grids/);
  });

  it('has no range where no member has a value', () => {
    const field = iceProbability([Float32Array.from([Number.NaN])], 0.15);
    expect(field.min).toBeNaN();
    expect(field.max).toBeNaN();
  });
});
