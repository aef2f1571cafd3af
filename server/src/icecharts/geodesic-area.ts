/**
 * Areas on the WGS 84 ellipsoid of polygons whose edges are straight in longitude/latitude (as charts are drawn).
 * Latitudes go to authalic latitudes β, which map the ellipsoid onto a sphere of equal area (radius R_q); there
 * the area is R_q² times the planar area in (λ, sin β). Edges along a parallel or a meridian are exact; other
 * edges are cut into steps of at most `STEP_DEG` first.
 */
import type { MultiPoly, Ring } from './geometry-types.ts';

const A = 6378137; // WGS 84 semi-major axis, m
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);
const q = (sinPhi: number) => (1 - E2) * (sinPhi / (1 - E2 * sinPhi * sinPhi) - Math.log((1 - E * sinPhi) / (1 + E * sinPhi)) / (2 * E));
const Q_POLE = q(1);
/** Authalic radius, m. */
const RQ = A * Math.sqrt(Q_POLE / 2);
/** Longest step (degrees) a sloping edge is cut into before it is summed. */
const STEP_DEG = 0.05;

/** sin β, the sine of the authalic latitude of geodetic latitude φ (degrees). */
const sinAuthalic = (latDeg: number) => q(Math.sin((latDeg * Math.PI) / 180)) / Q_POLE;

/** Signed area (m²) of a ring: positive counterclockwise in (lon, lat). */
export function ringAreaM2(ring: Ring): number {
  let sum = 0;
  const n = ring.length;
  for (let i = 0; i < n; i += 1) {
    const [lon0, lat0] = ring[i];
    const [lon1, lat1] = ring[(i + 1) % n];
    const dLon = lon1 - lon0;
    if (dLon === 0) continue;
    const steps = lat0 === lat1 ? 1 : Math.max(1, Math.ceil(Math.max(Math.abs(dLon), Math.abs(lat1 - lat0)) / STEP_DEG));
    let s0 = sinAuthalic(lat0);
    for (let k = 1; k <= steps; k += 1) {
      const s1 = sinAuthalic(lat0 + ((lat1 - lat0) * k) / steps);
      // trapezoid in (λ, sin β): −Δλ·(s0 + s1)/2 summed round a counterclockwise ring gives its area
      sum -= ((dLon / steps) * (Math.PI / 180) * (s0 + s1)) / 2;
      s0 = s1;
    }
  }
  return sum * RQ * RQ;
}

/** Area (km²) of polygons (outer rings minus holes, whatever their orientation). */
export function multiPolyAreaKm2(polys: MultiPoly): number {
  let total = 0;
  for (const poly of polys) {
    poly.forEach((ring, index) => {
      const area = Math.abs(ringAreaM2(ring));
      total += index === 0 ? area : -area;
    });
  }
  return total / 1e6;
}
