import { describe, expect, it } from 'vitest';
import type { RegularGrid } from '../../../../workers/forecast.api.ts';
import { EARTH_RADIUS_M, haversineM, integrateTrajectory, velocityAt, type DriftFields } from './drift-integrator.ts';

const RAD = Math.PI / 180;
/** The server's grid: 0.05°, 50–115°E, 66.025–89.975°N. */
const grid: RegularGrid = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };

function field(velocity: (lon: number, lat: number) => [number, number]): Float32Array {
  const uv = new Float32Array(2 * grid.nlon * grid.nlat);
  for (let j = 0; j < grid.nlat; j++) {
    for (let i = 0; i < grid.nlon; i++) {
      const [u, v] = velocity(grid.lon0 + i * grid.dlon, grid.lat0 + j * grid.dlat);
      uv[2 * (j * grid.nlon + i)] = u;
      uv[2 * (j * grid.nlon + i) + 1] = v;
    }
  }
  return uv;
}

function unit(lon: number, lat: number): [number, number, number] {
  return [Math.cos(lat * RAD) * Math.cos(lon * RAD), Math.cos(lat * RAD) * Math.sin(lon * RAD), Math.sin(lat * RAD)];
}

describe('drift trajectory', () => {
  it('drifts a uniform 0.1 m/s eastward field 25.92 km due east along its parallel in 72 hours', () => {
    const uv = field(() => [0.1, 0]);
    const fields: DriftFields = { grid, leadHours: [24, 48, 72], uv: [uv, uv, uv] };
    const track = integrateTrajectory(fields, [80, 75]);
    expect(track.stopped).toBe(false);
    expect(track.points).toHaveLength(73);
    expect(track.distanceKm).toBeCloseTo(0.1 * 72 * 3600 / 1000, 2); // 25.92 km
    const [lon, lat] = track.points[72];
    expect(lat).toBeCloseTo(75, 9);
    expect(lon - 80).toBeCloseTo((0.1 * 72 * 3600) / (EARTH_RADIUS_M * Math.cos(75 * RAD)) / RAD, 6);
    // The net bearing of a chord along a parallel leans a hair poleward of due east.
    expect(track.bearingDeg).toBeGreaterThan(89.5);
    expect(track.bearingDeg).toBeLessThan(90);
  });

  it('keeps a solid-body rotation about an axis through 80°N 90°E on its circle, at the rotation rate', () => {
    // Velocity = ω (a × r) R for the unit axis a, r the unit position; east and north components of that vector.
    const omega = 2 * Math.PI / (10 * 86_400); // one turn in 10 days, rad/s
    const axis = unit(90, 80);
    const velocity = (lon: number, lat: number): [number, number] => {
      const r = unit(lon, lat);
      const w = [axis[1] * r[2] - axis[2] * r[1], axis[2] * r[0] - axis[0] * r[2], axis[0] * r[1] - axis[1] * r[0]];
      const east = [-Math.sin(lon * RAD), Math.cos(lon * RAD), 0];
      const north = [-Math.sin(lat * RAD) * Math.cos(lon * RAD), -Math.sin(lat * RAD) * Math.sin(lon * RAD), Math.cos(lat * RAD)];
      const dot = (p: number[], q: number[]) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
      return [omega * EARTH_RADIUS_M * dot(w, east), omega * EARTH_RADIUS_M * dot(w, north)];
    };
    const uv = field(velocity);
    const fields: DriftFields = { grid, leadHours: [24, 48, 72], uv: [uv, uv, uv] };
    const start: [number, number] = [90, 77]; // 3° (333.6 km) south of the axis
    const track = integrateTrajectory(fields, start);
    expect(track.stopped).toBe(false);
    const radius = haversineM([90, 80], start);
    for (const point of track.points) expect(Math.abs(haversineM([90, 80], point) - radius)).toBeLessThan(250); // m
    // 72 h of a 10-day turn: 0.3 of 2π round the circle of radius ρ = R·sin(3°) on the sphere.
    const arc = 0.3 * 2 * Math.PI * EARTH_RADIUS_M * Math.sin(3 * RAD);
    expect(track.distanceKm * 1000).toBeGreaterThan(arc * 0.995);
    expect(track.distanceKm * 1000).toBeLessThan(arc * 1.005);
  });

  it('uses the +24 h field for the first day and blends linearly between leads', () => {
    const a = field(() => [0.1, 0]);
    const b = field(() => [0.3, 0.2]);
    const fields: DriftFields = { grid, leadHours: [24, 48, 72], uv: [a, b, b] };
    expect(velocityAt(fields, 0, 80, 75)![0]).toBeCloseTo(0.1, 6);
    expect(velocityAt(fields, 24, 80, 75)![0]).toBeCloseTo(0.1, 6);
    const mid = velocityAt(fields, 36, 80, 75)!;
    expect(mid[0]).toBeCloseTo(0.2, 6);
    expect(mid[1]).toBeCloseTo(0.1, 6);
  });

  it('stops at land (a missing cell) and at the edge of the grid', () => {
    const uv = field((lon) => (lon > 80.5 ? [Number.NaN, Number.NaN] : [0.1, 0]));
    const fields: DriftFields = { grid, leadHours: [24, 48, 72], uv: [uv, uv, uv] };
    const track = integrateTrajectory(fields, [80, 75]);
    expect(track.stopped).toBe(true);
    expect(track.hours).toBeLessThan(72);
    const last = track.points[track.points.length - 1];
    expect(last[0]).toBeLessThanOrEqual(80.5);
    const west = integrateTrajectory({ grid, leadHours: [24, 48, 72], uv: Array(3).fill(field(() => [-0.5, 0])) }, [50.2, 75]);
    expect(west.stopped).toBe(true);
    expect(integrateTrajectory(fields, [100, 75]).points).toHaveLength(0);
  });
});
