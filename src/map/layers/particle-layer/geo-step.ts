/**
 * One particle step on the sphere, the same arithmetic as update.frag.glsl
 * (`stepOnSphere`), kept here for the tests and for decoding positions read back from the GPU.
 *
 * Why not dlat = v*dt/R, dlon = u*dt/(R cos lat)? Near the pole cos(lat) -> 0 and dlon blows up (at the pole
 * itself it is a division by zero). Instead a particle's position is a unit vector p, the drift a vector in
 * the local tangent plane (east and north unit vectors), and the step p + (u·east + v·north)·t/R is pushed
 * back onto the sphere. Nothing divides by cos(lat), so a particle crosses the pole smoothly and comes out
 * on the meridian 180° away; and the step itself needs no trigonometry, so approximate GPU sin/asin cannot
 * accumulate into a drift.
 */

/** Mean Earth radius in metres (the radius deck.gl's globe uses). */
export const EARTH_RADIUS_M = 6_370_972;

export type UnitVector = [x: number, y: number, z: number];

/** lon/lat (degrees) -> unit vector: x towards 0°E on the equator, y towards 90°E, z towards the North Pole. */
export function lonLatToUnitVector(lon: number, lat: number): UnitVector {
  const lambda = (lon * Math.PI) / 180;
  const phi = (lat * Math.PI) / 180;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Unit vector -> [lon in (-180, 180], lat] in degrees; atan2(z, |xy|) stays accurate up to the pole. */
export function unitVectorToLonLat(x: number, y: number, z: number): [number, number] {
  const horizontal = Math.hypot(x, y);
  const lon = horizontal > 0 ? (Math.atan2(y, x) * 180) / Math.PI : 0;
  return [lon, (Math.atan2(z, horizontal) * 180) / Math.PI];
}

/** Moves unit vector p by eastward u and northward v (m/s) for `seconds`; at the exact pole east is +y. */
export function stepUnitVector([x, y, z]: UnitVector, u: number, v: number, seconds: number): UnitVector {
  const horizontal = Math.hypot(x, y);
  const east: UnitVector = horizontal > 1e-12 ? [-y / horizontal, x / horizontal, 0] : [0, 1, 0];
  // north = p × east
  const north: UnitVector = [y * east[2] - z * east[1], z * east[0] - x * east[2], x * east[1] - y * east[0]];
  const angle = seconds / EARTH_RADIUS_M; // radians of arc per (m/s)
  const q = [x, y, z].map((c, k) => c + (u * east[k] + v * north[k]) * angle);
  const norm = Math.hypot(q[0], q[1], q[2]);
  return [q[0] / norm, q[1] / norm, q[2] / norm];
}

/** The same step from and to lon/lat in degrees (lon in (-180, 180]). */
export function stepOnSphere(lon: number, lat: number, u: number, v: number, seconds: number): [number, number] {
  const [x, y, z] = stepUnitVector(lonLatToUnitVector(lon, lat), u, v, seconds);
  return unitVectorToLonLat(x, y, z);
}
