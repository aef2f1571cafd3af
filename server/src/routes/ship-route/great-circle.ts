/**
 * Sampling a route along great circles on the sphere of the models (mean Earth radius 6371 km): each leg
 * between waypoints is cut into equal steps of at most `maxStepKm`; the first and last samples of the route
 * are its first and last waypoints, and every waypoint is a sample. Degrees in, kilometres out.
 */
import { EARTH_RADIUS_M } from '../../grid/grid.ts';

const EARTH_RADIUS_KM = EARTH_RADIUS_M / 1000;

export interface RoutePoint {
  lat: number;
  lon: number;
  /** Along the route from its first waypoint, km. */
  distance_km: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

type Vec3 = [number, number, number];

function unit(lat: number, lon: number): Vec3 {
  const φ = toRad(lat);
  const λ = toRad(lon);
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/** Central angle between two points, radians (atan2 form: accurate for short and antipodal legs alike). */
function angleBetween(a: Vec3, b: Vec3): number {
  const cross: Vec3 = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  return Math.atan2(Math.hypot(...cross), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
}

/** Great-circle distance, km. */
export function greatCircleKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  return angleBetween(unit(aLat, aLon), unit(bLat, bLon)) * EARTH_RADIUS_KM;
}

/** Samples of a route given as [lat, lon] waypoints (at least one). */
export function sampleRoute(waypoints: readonly (readonly [number, number])[], maxStepKm = 5): RoutePoint[] {
  const [firstLat, firstLon] = waypoints[0];
  const samples: RoutePoint[] = [{ lat: firstLat, lon: firstLon, distance_km: 0 }];
  let travelled = 0;
  for (let k = 1; k < waypoints.length; k++) {
    const [aLat, aLon] = waypoints[k - 1];
    const [bLat, bLon] = waypoints[k];
    const a = unit(aLat, aLon);
    const b = unit(bLat, bLon);
    const omega = angleBetween(a, b);
    const legKm = omega * EARTH_RADIUS_KM;
    const steps = Math.max(1, Math.ceil(legKm / maxStepKm - 1e-9));
    for (let s = 1; s <= steps; s++) {
      const f = s / steps;
      let lat = bLat;
      let lon = bLon;
      if (s < steps && omega > 0) {
        // Spherical linear interpolation between the two unit vectors.
        const wa = Math.sin((1 - f) * omega) / Math.sin(omega);
        const wb = Math.sin(f * omega) / Math.sin(omega);
        const x = wa * a[0] + wb * b[0];
        const y = wa * a[1] + wb * b[1];
        const z = wa * a[2] + wb * b[2];
        lat = toDeg(Math.atan2(z, Math.hypot(x, y)));
        lon = toDeg(Math.atan2(y, x));
      }
      samples.push({ lat, lon, distance_km: travelled + legKm * f });
    }
    travelled += legKm;
  }
  return samples;
}
