/**
 * Drift vectors in the two forms the data and the screen need. The forecast stores speed (m/s) and
 * direction (radians, a bearing clockwise from north, the direction the ice moves towards); the GPU wants
 * eastward and northward components (m/s). Pure and dependency-free, so the decode worker can import it too
 * (one definition of the convention for the whole app).
 */

/** Eastward u and northward v (m/s) from speed (m/s) and a bearing (radians, clockwise from north, towards). */
export function driftComponents(speed: number, direction: number): [u: number, v: number] {
  // Bearing 0 points north (+v), pi/2 east (+u): u = s*sin(b), v = s*cos(b).
  return [speed * Math.sin(direction), speed * Math.cos(direction)];
}

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
