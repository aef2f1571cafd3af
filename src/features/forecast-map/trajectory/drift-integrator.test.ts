import { describe, expect, it } from 'vitest';
import type { ProjectedFieldGrid, RegularGrid } from '../../../../workers/forecast.api.ts';
import { fieldGridOfPlanar, fieldPointAt, fromGridAxes } from '../../../../common/field-grid.ts';
import { NSIDC_NORTH, polarForward, polarInverse } from '../../../../common/polar-stereographic.ts';
import { regionById } from '../../../../common/regions/index.ts';
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

describe('drift trajectory on the whole Arctic’s polar stereographic grid', () => {
  const region = regionById('arctic');
  if (region.kind !== 'projected') throw new Error('arctic is projected');
  const full = fieldGridOfPlanar(region.grid)!;
  // 200 × 200 cells (1 250 km) of the Chukchi and East Siberian Seas, across 180° (75°N 180° lies near the middle).
  const polar: ProjectedFieldGrid = { ...full, x0: full.x0 + 331 * full.dx, nx: 200, y0: full.y0 + 651 * full.dy, ny: 200 };
  /** The same true east/north drift in every cell, as the worker hands it (u east, v north, m/s). */
  const uniform = (u: number, v: number): Float32Array => {
    const uv = new Float32Array(2 * polar.nx * polar.ny);
    for (let k = 0; k < polar.nx * polar.ny; k++) [uv[2 * k], uv[2 * k + 1]] = [u, v];
    return uv;
  };

  it('drifts a uniform 0.1 m/s eastward field due east across 180°, 25.92 km along its parallel', () => {
    const uv = uniform(0.1, 0);
    const track = integrateTrajectory({ grid: polar, leadHours: [24, 48, 72], uv: [uv, uv, uv] }, [179.5, 75]);
    expect(track.stopped).toBe(false);
    expect(track.points).toHaveLength(73);
    expect(track.distanceKm).toBeCloseTo(25.92, 2);
    const [lon, lat] = track.points[72];
    expect(lat).toBeCloseTo(75, 3);
    expect(lon - 179.5).toBeCloseTo((0.1 * 72 * 3600) / (EARTH_RADIUS_M * Math.cos(75 * RAD)) / RAD, 3);
    expect(lon).toBeGreaterThan(180);
  });

  it('drifts a uniform 0.1 m/s northward field towards the pole along its meridian, whatever the grid’s axes', () => {
    const uv = uniform(0, 0.1);
    for (const start of [[179.9, 74], [-170, 72], [170, 76]] as [number, number][]) {
      const track = integrateTrajectory({ grid: polar, leadHours: [24, 48, 72], uv: [uv, uv, uv] }, start);
      expect(track.stopped).toBe(false);
      const [lon, lat] = track.points[72];
      expect(lon).toBeCloseTo(start[0], 3);
      expect(lat - start[1]).toBeCloseTo((0.1 * 72 * 3600) / EARTH_RADIUS_M / RAD, 3);
      expect(Math.min(track.bearingDeg, 360 - track.bearingDeg)).toBeLessThan(0.01);
    }
  });

  /** 0.1 m/s towards +x everywhere: in true east/north that turns with the longitude of each cell. */
  function alongX(grid: ProjectedFieldGrid): DriftFields {
    const uv = new Float32Array(2 * grid.nx * grid.ny);
    for (let j = 0; j < grid.ny; j++) {
      for (let i = 0; i < grid.nx; i++) {
        const [u, v] = fromGridAxes(grid, fieldPointAt(grid, i, j)[0], 0.1, 0);
        [uv[2 * (j * grid.nx + i)], uv[2 * (j * grid.nx + i) + 1]] = [u, v];
      }
    }
    return { grid, leadHours: [24, 48, 72], uv: [uv, uv, uv] };
  }

  it('passes 3 km from the pole in a straight line of the plane when the drift is along the grid’s x axis', () => {
    // Near the pole east and north turn by tens of degrees from one cell to the next: the four cells are weighed in
    // the grid's own axes, so the parcel neither swerves nor slows (weighed in east/north it swerved 380 m and came
    // 2.5 km short). 120 × 120 cells round the pole.
    const fields = alongX({ ...full, x0: full.x0 + 560 * full.dx, nx: 120, y0: full.y0 + 880 * full.dy, ny: 120 });
    const track = integrateTrajectory(fields, polarInverse(NSIDC_NORTH, -13_000, 3_000));
    expect(track.stopped).toBe(false);
    for (const [lon, lat] of track.points) expect(Math.abs(polarForward(NSIDC_NORTH, lon, lat)[1] - 3_000)).toBeLessThan(10);
    // 25.92 km on the ground is 0.974 of that in the plane here (its scale near the pole, true only at 70°N, and the
    // integrator's 6 371 km sphere against WGS 84's curvature at the pole).
    const moved = polarForward(NSIDC_NORTH, ...track.points[72])[0] + 13_000;
    expect(moved).toBeGreaterThan(25_920 * 0.96);
    expect(moved).toBeLessThan(25_920 * 0.99);
  });

  it('follows a drift along the grid’s x axis in a straight line of the plane, and stops at the window’s edge', () => {
    const fields = alongX(polar);
    const track = integrateTrajectory(fields, polarInverse(NSIDC_NORTH, -700_000, 1_000_000));
    expect(track.stopped).toBe(false);
    for (const [lon, lat] of track.points) expect(Math.abs(polarForward(NSIDC_NORTH, lon, lat)[1] - 1_000_000)).toBeLessThan(100);
    // 25.92 km on the ground; the plane's scale there (about 79.7°N) is a few per cent under 1.
    const moved = polarForward(NSIDC_NORTH, ...track.points[72])[0] + 700_000;
    expect(moved).toBeGreaterThan(25_920 * 0.95);
    expect(moved).toBeLessThan(25_920);
    // 5.6 km short of the window's last column of cell centres (x −534 375 m), beyond which there is nothing to
    // interpolate: stopped after about 16 hours.
    const edge = integrateTrajectory(fields, polarInverse(NSIDC_NORTH, -540_000, 1_000_000));
    expect(edge.stopped).toBe(true);
    expect(edge.points.length).toBeGreaterThan(14);
    expect(edge.points.length).toBeLessThan(19);
  });
});
