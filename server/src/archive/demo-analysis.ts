/**
 * 'демонстрационные данные': a synthetic sea-ice analysis for any date, deterministic and smooth from day to day.
 * It stands in for a real analysis source when there is no internet. What it imitates:
 *  - ice concentration with a seasonal cycle (most ice mid-March, least mid-September) and a marginal ice zone
 *    about 1° of latitude wide, whose edge lies further north in the warm Atlantic (western) part;
 *  - thickness 0–4 m, thicker towards the pole and near the coast, thicker in winter;
 *  - drift from a smooth non-divergent stream function: a transpolar drift towards Fram Strait plus a few slow
 *    eddies, speeds 0–0.3 m/s; drift is NaN where there is no ice;
 *  - small-scale floe texture that moves with the mean drift, so advection has something to forecast;
 *  - land (Natural Earth) is NaN in every variable.
 */
import { EARTH_RADIUS_M, type Grid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { landMask } from '../grid/land-mask.ts';

export const DEMO_SOURCE = 'демонстрационные данные';

export const DAY_S = 86_400;
const DEG = Math.PI / 180;
/** Fastest drift the generator produces, m/s. */
const MAX_SPEED = 0.29;

/** Days since 1970-01-01 for a 'YYYY-MM-DD' date (00:00 UTC). */
export function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / (DAY_S * 1000);
}

/**
 * Seasonal phase: −1 at the ice minimum (about 15 September), +1 at the maximum (about 15 March). Freeze-up on the
 * Siberian shelves is fast (the Kara and Laptev Seas are mostly covered by late November) and the melt slow, so the
 * rising half is warped to climb early; both halves meet at ±1, so the phase is continuous through the year.
 */
export function seasonPhase(day: number): number {
  const year = 365.2422;
  const minimumDoy = 258; // about 15 September
  const riseDays = 181; // minimum to maximum, days
  const freezeUpWarp = 0.45; // < 1: most of the rise comes in the first weeks
  const t = (((day - minimumDoy) % year) + year) % year; // days since the minimum
  if (t < riseDays) return -Math.cos(Math.PI * Math.pow(t / riseDays, freezeUpWarp));
  return Math.cos((Math.PI * (t - riseDays)) / (year - riseDays));
}

/** Position on a polar azimuthal-equidistant plane, m: x towards 0°E, y towards 90°E. */
export function polarXY(latDeg: number, lonDeg: number): [number, number] {
  const r = EARTH_RADIUS_M * (90 - latDeg) * DEG;
  return [r * Math.cos(lonDeg * DEG), r * Math.sin(lonDeg * DEG)];
}

/**
 * Closeness to the coast from a land mask (1 land, 0 sea; row-major, nx columns): two passes of a box blur, each
 * along rows (half-width `alongRow(j)` cells, per row) then along columns (`alongColumn` cells), then doubled and
 * capped at 1 so sea cells next to land (a blurred value near 0.5) read about 1.
 */
export function blurredCoast(mask: Uint8Array, nx: number, ny: number, alongRow: (j: number) => number, alongColumn: number): Float32Array {
  let field = Float32Array.from(mask);
  for (let pass = 0; pass < 2; pass++) {
    const rowsBlurred = new Float32Array(field.length);
    const prefix = new Float64Array(nx + 1);
    for (let j = 0; j < ny; j++) {
      const radius = alongRow(j);
      for (let i = 0; i < nx; i++) prefix[i + 1] = prefix[i] + field[j * nx + i];
      for (let i = 0; i < nx; i++) {
        const a = Math.max(0, i - radius);
        const b = Math.min(nx, i + radius + 1);
        rowsBlurred[j * nx + i] = (prefix[b] - prefix[a]) / (b - a);
      }
    }
    const out = new Float32Array(field.length);
    const column = new Float64Array(ny + 1);
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) column[j + 1] = column[j] + rowsBlurred[j * nx + i];
      for (let j = 0; j < ny; j++) {
        const a = Math.max(0, j - alongColumn);
        const b = Math.min(ny, j + alongColumn + 1);
        out[j * nx + i] = (column[b] - column[a]) / (b - a);
      }
    }
    field = out;
  }
  for (let k = 0; k < field.length; k++) field[k] = Math.min(1, 2 * field[k]);
  return field;
}

const coastCache = new Map<string, Float32Array>();

/**
 * Closeness to the coast, 0..1: the land mask blurred over about 60 km (two separable box passes, the
 * east–west width widened by 1/cos(latitude) so the blur is round on the ground).
 */
function coastProximity(grid: Grid): Float32Array {
  const key = JSON.stringify(grid);
  const cached = coastCache.get(key);
  if (cached) return cached;
  const radiusRows = Math.max(1, Math.round(0.3 / Math.abs(grid.dlat)));
  const alongRow = (j: number) => Math.min(grid.nlon, Math.round(radiusRows / Math.max(0.05, Math.cos((grid.lat0 + j * grid.dlat) * DEG))));
  const field = blurredCoast(landMask(grid), grid.nlon, grid.nlat, alongRow, radiusRows);
  coastCache.set(key, field);
  return field;
}

/** Floe texture in −1..1: three waves in the polar plane, shifted by the mean drift since the epoch. */
export function texture(x: number, y: number, shiftX: number, shiftY: number): number {
  const px = x - shiftX;
  const py = y - shiftY;
  return (
    0.5 * Math.sin(px / 41_000 + 0.7 * Math.sin(py / 97_000)) * Math.cos(py / 53_000) +
    0.3 * Math.sin((px + py) / 29_000) +
    0.2 * Math.cos((px - 2 * py) / 71_000)
  );
}

/** Velocity (m/s) of the uniform transpolar drift on the polar plane on day `day`. */
export function transpolarDrift(day: number): [number, number] {
  const heading = -0.38 + 0.15 * Math.sin((2 * Math.PI * day) / 29.3) + 0.1 * Math.sin((2 * Math.PI * day) / 11.7);
  const speed = 0.085 + 0.025 * seasonPhase(day); // m/s
  return [speed * Math.cos(heading), speed * Math.sin(heading)];
}

/** Epoch of the drift integral, days since 1970 (2000-01-01). */
const DRIFT_EPOCH_DAY = 10_957;
const displacementCache = new Map<number, [number, number]>();

/**
 * How far the transpolar drift has carried the ice since the epoch by day `day`, m: the sum of daily mean
 * velocities (trapezoid rule), about ten thousand cheap terms, memoised per day.
 */
export function driftDisplacement(day: number): [number, number] {
  const cached = displacementCache.get(day);
  if (cached) return cached;
  let x = 0;
  let y = 0;
  const whole = Math.floor(day);
  for (let d = DRIFT_EPOCH_DAY; d < whole; d++) {
    const [ax, ay] = transpolarDrift(d);
    const [bx, by] = transpolarDrift(d + 1);
    x += 0.5 * (ax + bx) * DAY_S;
    y += 0.5 * (ay + by) * DAY_S;
  }
  const result: [number, number] = [x, y];
  displacementCache.set(day, result);
  return result;
}

export interface Eddy {
  /** Centre on the polar plane, m. */
  cx: number;
  cy: number;
  /** Radius, m. */
  radius: number;
  /** Stream-function amplitude, m²/s (positive: anticyclonic, clockwise seen from above). */
  amplitude: number;
}

/** A few eddies wandering slowly on fixed orbits (periods of weeks), so drift changes smoothly by day. */
export function eddiesAt(day: number): Eddy[] {
  const orbit = (lat: number, lon: number, period: number, phase: number, wander: number): [number, number] => {
    const [x, y] = polarXY(lat, lon);
    const a = (2 * Math.PI * day) / period + phase;
    return [x + wander * Math.cos(a), y + wander * Math.sin(a)];
  };
  const e1 = orbit(80, 95, 37, 0.3, 150_000);
  const e2 = orbit(76, 70, 23, 1.9, 120_000);
  const e3 = orbit(84, 60, 51, 4.1, 200_000);
  return [
    { cx: e1[0], cy: e1[1], radius: 260_000, amplitude: 34_000 * (1 + 0.3 * Math.sin(day / 7)) },
    { cx: e2[0], cy: e2[1], radius: 180_000, amplitude: -22_000 },
    { cx: e3[0], cy: e3[1], radius: 350_000, amplitude: 30_000 * Math.cos(day / 19) },
  ];
}

/**
 * Drift (m/s, in place) scaled by one factor for the whole field, which keeps it non-divergent while bounding its
 * speed to MAX_SPEED (`fastest`: its largest speed before), and NaN where there is no ice.
 */
export function boundDrift(u: Float32Array, v: Float32Array, concentration: Float32Array, fastest: number): void {
  const scale = fastest > MAX_SPEED ? MAX_SPEED / fastest : 1;
  for (let k = 0; k < u.length; k++) {
    if (!(concentration[k] > 0)) {
      u[k] = NaN;
      v[k] = NaN;
    } else {
      u[k] *= scale;
      v[k] *= scale;
    }
  }
}

/** The synthetic analysis of `date` ('YYYY-MM-DD', 00:00 UTC) on `grid`. */
export function demoAnalysis(date: string, grid: Grid): IceState {
  const day = dayNumber(date);
  if (!Number.isFinite(day)) throw new RangeError(`not a date: ${date}`);
  const { nlat, nlon } = grid;
  const n = nlat * nlon;
  const land = landMask(grid);
  const coast = coastProximity(grid);
  const season = seasonPhase(day);

  // Transpolar drift: a uniform flow on the polar plane from the Siberian shelves towards Fram Strait (0°E),
  // stronger in winter, its heading wobbling over weeks. Stream function psi, m²/s.
  const [ux, uy] = transpolarDrift(day);
  const eddies = eddiesAt(day);
  // The floe texture and the ice-edge waves ride on the transpolar drift: their shift is its time integral, m.
  const [shiftX, shiftY] = driftDisplacement(day);

  // Ice-edge latitude by longitude, degrees: south in winter, further north in the west (Atlantic water, 1 at
  // 50°E, 0 at 115°E); the drifting texture adds waves to it.
  const edgeByColumn = Float64Array.from({ length: nlon }, (_, i) => {
    const lon = grid.lon0 + i * grid.dlon;
    const west = 1 - (lon - 50) / 65;
    return 75.5 - 5.5 * season + 3 * west;
  });
  const cosLon = Float64Array.from({ length: nlon }, (_, i) => Math.cos((grid.lon0 + i * grid.dlon) * DEG));
  const sinLon = Float64Array.from({ length: nlon }, (_, i) => Math.sin((grid.lon0 + i * grid.dlon) * DEG));
  const psi = new Float64Array(n);
  const thickness = new Float32Array(n);
  const concentration = new Float32Array(n);
  for (let j = 0; j < nlat; j++) {
    const lat = grid.lat0 + j * grid.dlat;
    const pole = (lat - 66) / 24; // 0 at 66°N, 1 at the pole
    const r = EARTH_RADIUS_M * (90 - lat) * DEG;
    for (let i = 0; i < nlon; i++) {
      const k = j * nlon + i;
      const x = r * cosLon[i];
      const y = r * sinLon[i];
      let s = ux * y * -1 + uy * x; // velocity (ux, uy) = (-dpsi/dy, dpsi/dx)
      for (const e of eddies) {
        const d2 = ((x - e.cx) ** 2 + (y - e.cy) ** 2) / (e.radius * e.radius);
        if (d2 < 25) s += e.amplitude * Math.exp(-d2); // beyond 5 radii the term is below 1e-10 of it
      }
      psi[k] = s;
      if (land[k]) {
        thickness[k] = NaN;
        concentration[k] = NaN;
        continue;
      }
      const tex = texture(x, y, shiftX, shiftY);
      const edge = edgeByColumn[i] + 1.2 * tex;
      let c = 0.985 * 0.5 * (1 + Math.tanh((lat - edge) / 0.8)) - 0.02 * (1 + tex) * pole;
      c = c < 0.01 ? 0 : Math.min(1, c);
      concentration[k] = c;
      const h = (0.35 + 2.6 * pole + 1.3 * coast[k] + 0.45 * season + 0.25 * tex) * Math.sqrt(c);
      thickness[k] = Math.min(4, Math.max(0, h));
    }
  }

  // Drift from psi by centred differences on the sphere: u = -(1/R) dpsi/dlat, v = 1/(R cos lat) dpsi/dlon.
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  const dLat = grid.dlat * DEG;
  const dLon = grid.dlon * DEG;
  let fastest = 0;
  for (let j = 0; j < nlat; j++) {
    const cosLat = Math.cos((grid.lat0 + j * grid.dlat) * DEG);
    const jm = Math.max(0, j - 1);
    const jp = Math.min(nlat - 1, j + 1);
    for (let i = 0; i < nlon; i++) {
      const k = j * nlon + i;
      const im = Math.max(0, i - 1);
      const ip = Math.min(nlon - 1, i + 1);
      const dPsiDLat = (psi[jp * nlon + i] - psi[jm * nlon + i]) / ((jp - jm) * dLat);
      const dPsiDLon = (psi[j * nlon + ip] - psi[j * nlon + im]) / ((ip - im) * dLon);
      u[k] = -dPsiDLat / EARTH_RADIUS_M;
      v[k] = dPsiDLon / (EARTH_RADIUS_M * cosLat);
      fastest = Math.max(fastest, Math.sqrt(u[k] * u[k] + v[k] * v[k]));
    }
  }
  boundDrift(u, v, concentration, fastest);
  return { grid, thickness, concentration, u, v };
}
