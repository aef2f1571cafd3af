/**
 * Ice drift in the two forms the data and the screen need, one definition of the convention for the decode
 * worker (speed + direction → u, v for the GPU) and the app (u, v → speed + bearing for the hover readout).
 *
 * Drift components from speed and direction. Direction is the bearing the ice moves TOWARDS, clockwise from
 * north, in radians: 0 moves north (v > 0), π/2 moves east (u > 0). u = speed·sin(dir) eastward,
 * v = speed·cos(dir) northward, both m/s, interleaved [u0, v0, u1, v1, ...] for an rg32float texture.
 */
export interface DriftComponents {
  data: Float32Array;
  /** Largest finite speed among cells with both components, m/s (0 when none). */
  maxSpeed: number;
}

export function driftComponents(speed: ArrayLike<number>, direction: ArrayLike<number>): DriftComponents {
  if (speed.length !== direction.length) {
    throw new RangeError(`speed has ${speed.length} values, direction ${direction.length}`);
  }
  const n = speed.length;
  const data = new Float32Array(2 * n);
  let maxSpeed = 0;
  for (let i = 0; i < n; i++) {
    const s = speed[i];
    const d = direction[i];
    // NaN where either is missing (or not finite): the particle layer treats NaN as "no ice here".
    if (s - s !== 0 || d - d !== 0) {
      data[2 * i] = NaN;
      data[2 * i + 1] = NaN;
      continue;
    }
    data[2 * i] = s * Math.sin(d);
    data[2 * i + 1] = s * Math.cos(d);
    const magnitude = Math.abs(s);
    if (magnitude > maxSpeed) maxSpeed = magnitude;
  }
  return { data, maxSpeed };
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
