/**
 * The 72-hour path of an ice parcel through the drift fields of one run.
 *
 * - Velocity: u east, v north in m/s, on the grid's cell centres (the worker's drift slices, interleaved
 *   [u0, v0, u1, v1, …]); bilinear between the four surrounding cell centres; a parcel whose four neighbours are
 *   not all valid (land, missing) or that leaves the grid stops there. On a polar stereographic grid the four
 *   are turned into the grid's axes at their own longitudes before they are weighed, and the sum back to east/north
 *   at the parcel's (near the pole, east and north turn from one cell to the next).
 * - Time: the fields are valid at +24, +48, +72 h. Before +24 h the +24 h field is used as it is (persistence: the
 *   files carry no +0 h field); between leads, linear in time.
 * - Integration: classical RK4 in hourly steps (3600 s) of the equations of motion on the sphere,
 *   dφ/dt = v / R and dλ/dt = u / (R cos φ) (R = 6 371 km, angles in radians).
 * - Distance: the sum of the great-circle (haversine) lengths of the hourly steps, km; net bearing: the initial
 *   great-circle bearing from the start to the end, degrees clockwise from north.
 */
import type { FieldGrid } from '../../../../workers/forecast.api.ts';
import { fieldCellCoordinates, fieldPointAt, fromGridAxes, gridShape, isProjectedGrid, toGridAxes } from '../../../../common/field-grid.ts';

export const EARTH_RADIUS_M = 6_371_000;
/** Integration step, s: hourly, as the tool is specified. */
const STEP_S = 3600;
/** Length of the path, h. */
const TRAJECTORY_HOURS = 72;

const RAD = Math.PI / 180;

export interface DriftFields {
  grid: FieldGrid;
  /** Lead times of `uv`, hours (e.g. [24, 48, 72]), ascending. */
  leadHours: readonly number[];
  /** Per lead, interleaved u, v (m/s) per cell, row-major, NaN where missing. */
  uv: readonly Float32Array[];
}

export interface Trajectory {
  /** [lon, lat] in degrees, hourly from the start (index = hours since the start). */
  points: [number, number][];
  /** Hours integrated (72 unless stopped). */
  hours: number;
  /** True when it stopped early at land, a missing cell or the grid's edge. */
  stopped: boolean;
  /** Path length, km. */
  distanceKm: number;
  /** From the start to the end, degrees clockwise from north [0, 360); NaN for a parcel that did not move. */
  bearingDeg: number;
}

/** Spatially interpolated velocity (m/s) of one lead at (lon, lat) degrees, or null where the parcel must stop. */
function velocityOfLead(fields: DriftFields, leadIndex: number, lon: number, lat: number): [number, number] | null {
  const { grid } = fields;
  const { width, height } = gridShape(grid);
  const at = fieldCellCoordinates(grid, lon, lat);
  if (!at) return null;
  const [x, y] = at;
  const i0 = Math.floor(x);
  const j0 = Math.floor(y);
  if (i0 < 0 || j0 < 0 || i0 + 1 >= width || j0 + 1 >= height) {
    // Exactly on the last row/column is still inside.
    if (!(x >= 0 && y >= 0 && x <= width - 1 && y <= height - 1)) return null;
  }
  const i1 = Math.min(i0 + 1, width - 1);
  const j1 = Math.min(j0 + 1, height - 1);
  const polar = isProjectedGrid(grid);
  const fx = x - i0;
  const fy = y - j0;
  const data = fields.uv[leadIndex];
  let u = 0;
  let v = 0;
  for (const [i, j, w] of [
    [i0, j0, (1 - fx) * (1 - fy)],
    [i1, j0, fx * (1 - fy)],
    [i0, j1, (1 - fx) * fy],
    [i1, j1, fx * fy],
  ] as const) {
    const k = 2 * (j * width + i);
    const cu = data[k];
    const cv = data[k + 1];
    if (!Number.isFinite(cu) || !Number.isFinite(cv)) return null;
    const [gu, gv] = polar ? toGridAxes(grid, fieldPointAt(grid, i, j)[0], cu, cv) : [cu, cv];
    u += w * gu;
    v += w * gv;
  }
  return polar ? fromGridAxes(grid, lon, u, v) : [u, v];
}

/** Velocity at `hours` after the start: persistence of the first lead before it, linear between leads. */
export function velocityAt(fields: DriftFields, hours: number, lon: number, lat: number): [number, number] | null {
  const { leadHours } = fields;
  if (hours <= leadHours[0]) return velocityOfLead(fields, 0, lon, lat);
  for (let k = 0; k + 1 < leadHours.length; k++) {
    if (hours <= leadHours[k + 1]) {
      const a = velocityOfLead(fields, k, lon, lat);
      const b = velocityOfLead(fields, k + 1, lon, lat);
      if (!a || !b) return null;
      const t = (hours - leadHours[k]) / (leadHours[k + 1] - leadHours[k]);
      return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    }
  }
  return velocityOfLead(fields, leadHours.length - 1, lon, lat);
}

/** d(lon, lat)/dt in degrees per second for a velocity (m/s) at latitude `lat`. */
function rates(velocity: [number, number], lat: number): [number, number] {
  const dLat = velocity[1] / EARTH_RADIUS_M;
  const dLon = velocity[0] / (EARTH_RADIUS_M * Math.cos(lat * RAD));
  return [dLon / RAD, dLat / RAD];
}

/** Great-circle distance, m. */
export function haversineM([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from a to b, degrees clockwise from north [0, 360). */
function bearingDeg([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const dLon = (lon2 - lon1) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat2 * RAD);
  const x = Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos(dLon);
  return ((Math.atan2(y, x) / RAD) % 360 + 360) % 360;
}

export function integrateTrajectory(fields: DriftFields, start: [number, number], hours = TRAJECTORY_HOURS): Trajectory {
  const points: [number, number][] = [];
  let stopped = false;
  if (velocityAt(fields, 0, start[0], start[1])) {
    points.push(start);
    const h = STEP_S / 3600;
    for (let step = 0; step < hours; step++) {
      const t = step * h;
      const [lon, lat] = points[points.length - 1];
      const k1v = velocityAt(fields, t, lon, lat);
      const k1 = k1v && rates(k1v, lat);
      const p2: [number, number] | null = k1 && [lon + (k1[0] * STEP_S) / 2, lat + (k1[1] * STEP_S) / 2];
      const k2v = p2 && velocityAt(fields, t + h / 2, p2[0], p2[1]);
      const k2 = k2v && p2 && rates(k2v, p2[1]);
      const p3: [number, number] | null = k2 && [lon + (k2[0] * STEP_S) / 2, lat + (k2[1] * STEP_S) / 2];
      const k3v = p3 && velocityAt(fields, t + h / 2, p3[0], p3[1]);
      const k3 = k3v && p3 && rates(k3v, p3[1]);
      const p4: [number, number] | null = k3 && [lon + k3[0] * STEP_S, lat + k3[1] * STEP_S];
      const k4v = p4 && velocityAt(fields, t + h, p4[0], p4[1]);
      const k4 = k4v && p4 && rates(k4v, p4[1]);
      if (!k1 || !k2 || !k3 || !k4) {
        stopped = true;
        break;
      }
      const next: [number, number] = [
        lon + ((k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]) * STEP_S) / 6,
        lat + ((k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]) * STEP_S) / 6,
      ];
      if (!velocityAt(fields, t + h, next[0], next[1])) {
        stopped = true;
        break;
      }
      points.push(next);
    }
  } else {
    stopped = true;
  }
  let distance = 0;
  for (let k = 1; k < points.length; k++) distance += haversineM(points[k - 1], points[k]);
  const end = points[points.length - 1];
  const moved = points.length > 1 && haversineM(points[0], end) > 0;
  return {
    points,
    hours: Math.max(0, points.length - 1),
    stopped,
    distanceKm: distance / 1000,
    bearingDeg: moved ? bearingDeg(points[0], end) : Number.NaN,
  };
}
