/**
 * One particle step on the sphere, the same arithmetic as shaders/particles/update.frag.glsl (`stepOnSphere`).
 *
 * Why not dlat = v*dt/R, dlon = u*dt/(R cos lat)? Near the pole cos(lat) -> 0 and dlon blows up (and at the
 * pole itself it is a division by zero). Instead the position becomes a unit vector, the drift a vector in
 * the local tangent plane (east and north unit vectors), the step is taken in 3-D and the result is pushed
 * back onto the sphere and converted to lon/lat. Nothing divides by cos(lat), so a particle crosses the pole
 * smoothly and comes out on the other side, on the meridian 180° away.
 */

/** Mean Earth radius in metres (the radius deck.gl's globe uses). */
export const EARTH_RADIUS_M = 6_370_972;

/**
 * Moves (lon, lat) in degrees by eastward u and northward v (m/s) for `seconds`. Returns [lon, lat] in
 * degrees, lon in (-180, 180]; at the exact pole the longitude is kept (it is undefined there).
 */
export function stepOnSphere(lon: number, lat: number, u: number, v: number, seconds: number): [number, number] {
  const lambda = (lon * Math.PI) / 180;
  const phi = (lat * Math.PI) / 180;
  const cosPhi = Math.cos(phi);
  const sinPhi = Math.sin(phi);
  const cosLambda = Math.cos(lambda);
  const sinLambda = Math.sin(lambda);
  // Position p and the local east/north unit vectors, all defined at the pole too (from the stored lon).
  const p = [cosPhi * cosLambda, cosPhi * sinLambda, sinPhi];
  const east = [-sinLambda, cosLambda, 0];
  const north = [-sinPhi * cosLambda, -sinPhi * sinLambda, cosPhi];
  const angle = seconds / EARTH_RADIUS_M; // radians of arc per (m/s)
  const q = [0, 1, 2].map((k) => p[k] + (u * east[k] + v * north[k]) * angle);
  const norm = Math.hypot(q[0], q[1], q[2]);
  const [x, y, z] = q.map((c) => c / norm);
  const newLat = (Math.asin(Math.min(1, Math.max(-1, z))) * 180) / Math.PI;
  const newLon = Math.hypot(x, y) > 1e-12 ? (Math.atan2(y, x) * 180) / Math.PI : lon;
  return [newLon, newLat];
}
