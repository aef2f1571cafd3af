/**
 * Drift vectors in the two forms the data and the screen need. The forecast stores speed (m/s) and
 * direction (radians, a bearing clockwise from north, the direction the ice moves towards); the GPU wants
 * eastward and northward components (m/s). The forward conversion is the decode worker's
 * (workers/forecast/drift.ts, one definition of the convention for the whole app); this file adds the
 * inverse the hover readout needs.
 */
export { driftComponents } from '../../../../workers/forecast/drift.ts';

/**
 * Speed (m/s) and bearing (degrees clockwise from north in [0, 360), the direction of motion) from u, v.
 * A zero vector has bearing 0; non-finite components give NaN for both.
 */
export function driftSpeedBearing(u: number, v: number): { speed: number; bearingDeg: number } {
  if (!Number.isFinite(u) || !Number.isFinite(v)) return { speed: NaN, bearingDeg: NaN };
  const speed = Math.hypot(u, v);
  if (speed === 0) return { speed: 0, bearingDeg: 0 };
  // atan2(east, north) is the bearing measured clockwise from north.
  const deg = (Math.atan2(u, v) * 180) / Math.PI;
  return { speed, bearingDeg: (deg + 360) % 360 };
}
