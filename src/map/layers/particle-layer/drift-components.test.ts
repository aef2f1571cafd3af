import { describe, expect, it } from 'vitest';
import { driftComponents, driftSpeedBearing } from './drift-components.ts';

describe('driftComponents', () => {
  it('moves north for a bearing of 0 rad', () => {
    const [u, v] = driftComponents(0.3, 0);
    expect(u).toBeCloseTo(0, 12);
    expect(v).toBeCloseTo(0.3, 12);
  });

  it('moves east for a bearing of pi/2', () => {
    const [u, v] = driftComponents(0.5, Math.PI / 2);
    expect(u).toBeCloseTo(0.5, 12);
    expect(v).toBeCloseTo(0, 12);
  });

  it('moves south for pi and west for 3pi/2', () => {
    const [, vs] = driftComponents(1, Math.PI);
    const [uw] = driftComponents(1, (3 * Math.PI) / 2);
    expect(vs).toBeCloseTo(-1, 12);
    expect(uw).toBeCloseTo(-1, 12);
  });

  it('keeps the speed as the vector length and passes NaN through', () => {
    const [u, v] = driftComponents(0.7, 2.1);
    expect(Math.hypot(u, v)).toBeCloseTo(0.7, 12);
    expect(driftComponents(NaN, 1).every(Number.isNaN)).toBe(true);
    expect(driftComponents(1, NaN).every(Number.isNaN)).toBe(true);
  });
});

describe('driftSpeedBearing', () => {
  it('inverts driftComponents around the compass', () => {
    for (const deg of [0, 45, 90, 135, 180, 225, 270, 315, 359]) {
      const [u, v] = driftComponents(0.25, (deg * Math.PI) / 180);
      const { speed, bearingDeg } = driftSpeedBearing(u, v);
      expect(speed).toBeCloseTo(0.25, 10);
      expect(bearingDeg).toBeCloseTo(deg, 8);
    }
  });

  it('gives NaN for missing components and bearing 0 for a still cell', () => {
    expect(driftSpeedBearing(NaN, 0).speed).toBeNaN();
    expect(driftSpeedBearing(0, 0)).toEqual({ speed: 0, bearingDeg: 0 });
  });
});
