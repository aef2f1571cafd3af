import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, lonLatToUnitVector, stepOnSphere, stepUnitVector, unitVectorToLonLat } from './geo-step.ts';

const metresPerDegree = (Math.PI * EARTH_RADIUS_M) / 180;

describe('stepOnSphere', () => {
  it('moves a northward drift along the meridian by v*t metres', () => {
    const [lon, lat] = stepOnSphere(90, 70, 0, 1, 1000);
    expect(lon).toBeCloseTo(90, 9);
    expect(lat - 70).toBeCloseTo(1000 / metresPerDegree, 7);
  });

  it('moves an eastward drift by u*t/(R cos lat) in longitude away from the pole', () => {
    const [lon, lat] = stepOnSphere(10, 60, 1, 0, 1000);
    expect(lon - 10).toBeCloseTo(1000 / metresPerDegree / Math.cos(Math.PI / 3), 6);
    expect(lat).toBeCloseTo(60, 5);
  });

  it('stays finite at and next to the pole, where u/cos(lat) would blow up', () => {
    for (const lat of [90, 89.999999, 89.9, -90]) {
      for (const [u, v] of [
        [0.5, 0],
        [0, 0.5],
        [-0.3, 0.4],
      ]) {
        const [lon2, lat2] = stepOnSphere(45, lat, u, v, 8400);
        expect(Number.isFinite(lon2)).toBe(true);
        expect(Number.isFinite(lat2)).toBe(true);
        expect(Math.abs(lat2)).toBeLessThanOrEqual(90);
      }
    }
  });

  it('moves the same distance whatever the latitude, also across the pole', () => {
    const arc = (a: [number, number], b: [number, number]) => {
      const r = Math.PI / 180;
      const c =
        Math.sin(a[1] * r) * Math.sin(b[1] * r) + Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.cos((b[0] - a[0]) * r);
      return Math.acos(Math.min(1, c)) * EARTH_RADIUS_M;
    };
    for (const lat of [0, 60, 89.99, 90]) {
      const start: [number, number] = [30, lat];
      expect(arc(start, stepOnSphere(30, lat, 0.3, 0.4, 10_000))).toBeCloseTo(5000, 0);
    }
    // Heading north from 89.99°N on the 30°E meridian for 5 km ends up on the 210°E (-150°) meridian.
    const [lon, lat] = stepOnSphere(30, 89.99, 0, 0.5, 10_000);
    expect(lon).toBeCloseTo(-150, 6);
    expect(lat).toBeLessThan(90);
  });
});

describe('unit vectors', () => {
  it('round-trip lon/lat, including the pole', () => {
    for (const [lon, lat] of [
      [90, 78],
      [-170, 45],
      [0, 90],
    ]) {
      const [x, y, z] = lonLatToUnitVector(lon, lat);
      const [lon2, lat2] = unitVectorToLonLat(x, y, z);
      expect(lat2).toBeCloseTo(lat, 9);
      if (lat < 90) expect(lon2).toBeCloseTo(lon, 9);
    }
  });

  it('step exactly at the pole (east undefined) without NaN and by the right arc', () => {
    const q = stepUnitVector([0, 0, 1], 0.5, 0, 10_000);
    expect(q.every(Number.isFinite)).toBe(true);
    const [, lat] = unitVectorToLonLat(...q);
    // Tangent step then back onto the sphere: the arc is atan(d), d³/3 short of d (1e-8° here).
    expect(90 - lat).toBeCloseTo((5000 / EARTH_RADIUS_M) * (180 / Math.PI), 7);
  });
});
