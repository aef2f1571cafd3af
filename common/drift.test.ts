import { describe, expect, it } from 'vitest';
import { driftComponents, driftSpeedBearing } from './drift.ts';

/** One cell through the worker's conversion. */
function components(speed: number, direction: number): [number, number] {
  const { data } = driftComponents([speed], [direction]);
  return [data[0], data[1]];
}

describe('speed/direction -> components (the worker conversion the particles consume)', () => {
  it('moves north for a bearing of 0 rad', () => {
    const [u, v] = components(0.3, 0);
    expect(u).toBeCloseTo(0, 7);
    expect(v).toBeCloseTo(0.3, 7);
  });

  it('moves east for a bearing of pi/2', () => {
    const [u, v] = components(0.5, Math.PI / 2);
    expect(u).toBeCloseTo(0.5, 7);
    expect(v).toBeCloseTo(0, 7);
  });

  it('moves south for pi and west for 3pi/2', () => {
    expect(components(1, Math.PI)[1]).toBeCloseTo(-1, 7);
    expect(components(1, (3 * Math.PI) / 2)[0]).toBeCloseTo(-1, 7);
  });

  it('keeps the speed as the vector length and marks missing cells NaN', () => {
    const [u, v] = components(0.7, 2.1);
    expect(Math.hypot(u, v)).toBeCloseTo(0.7, 6);
    expect(components(NaN, 1).every(Number.isNaN)).toBe(true);
    expect(components(1, NaN).every(Number.isNaN)).toBe(true);
  });
});

describe('driftSpeedBearing', () => {
  it('inverts the conversion around the compass', () => {
    for (const deg of [0, 45, 90, 135, 180, 225, 270, 315, 359]) {
      const [u, v] = components(0.25, (deg * Math.PI) / 180);
      const { speed, bearingDeg } = driftSpeedBearing(u, v);
      expect(speed).toBeCloseTo(0.25, 6);
      expect(bearingDeg).toBeCloseTo(deg, 4);
    }
  });

  it('gives NaN for missing components and bearing 0 for a still cell', () => {
    expect(driftSpeedBearing(NaN, 0).speed).toBeNaN();
    expect(driftSpeedBearing(0, 0)).toEqual({ speed: 0, bearingDeg: 0 });
  });
});
