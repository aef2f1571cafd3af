/**
 * 'демонстрационные данные' on a planar grid (the whole Arctic on EPSG:3413): the same synthetic analysis as
 * demo-analysis.ts (its season, transpolar drift, eddies and drifting floe texture, all defined on the polar
 * azimuthal-equidistant plane), evaluated at each cell's own longitude and latitude, so the two regions agree in
 * character where they overlap. What changes with the whole Arctic:
 *  - the ice edge by longitude goes round the pole: furthest north in the Atlantic inflow (Barents and Greenland
 *    Seas), furthest south in the Pacific sector (Bering and Okhotsk Seas), the sector's own slope in between;
 *  - drift is the stream function's analytic gradient on the plane (no differences across the 180° seam), turned
 *    into east/north components;
 *  - coast proximity is the land mask blurred on the grid's own cells (about 30 km).
 */
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { EARTH_RADIUS_M } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { planarLandMask } from '../grid/land-mask.ts';
import { planarCells } from '../grid/planar-cells.ts';
import { blurredCoast, boundDrift, dayNumber, driftDisplacement, eddiesAt, seasonPhase, texture, transpolarDrift } from './demo-analysis.ts';

const DEG = Math.PI / 180;
/** Blur radius of the coast proximity, m (the sector's 0.3° of latitude ≈ 33 km). */
const COAST_BLUR_M = 33_000;

/**
 * How far north of the sector's western edge (50°E) the ice edge lies, degrees of latitude, by longitude: nodes
 * round the pole, linear between them. 50°E → 1 and 115°E → 0 are the sector's own (demo-analysis.ts).
 */
const EDGE_NODES: readonly [number, number][] = [
  [-180, -2],
  [-150, -1.5],
  [-100, -0.5],
  [-40, 0.5],
  [0, 1.5],
  [20, 2],
  [50, 1],
  [115, 0],
  [160, -1.5],
  [180, -2],
];

function edgeShift(lon: number): number {
  for (let k = 1; k < EDGE_NODES.length; k++) {
    const [x1, y1] = EDGE_NODES[k];
    if (lon <= x1) {
      const [x0, y0] = EDGE_NODES[k - 1];
      return y0 + ((lon - x0) * (y1 - y0)) / (x1 - x0);
    }
  }
  return EDGE_NODES[EDGE_NODES.length - 1][1];
}

const coastCache = new Map<string, Float32Array>();

/** Closeness to the coast, 0..1: the land mask blurred twice by a box of ±COAST_BLUR_M on the grid's cells. */
function coastProximity(grid: PlanarGrid): Float32Array {
  const key = JSON.stringify(grid);
  const cached = coastCache.get(key);
  if (cached) return cached;
  const radius = Math.max(1, Math.round(COAST_BLUR_M / Math.abs(grid.dx)));
  const field = blurredCoast(planarLandMask(grid), grid.nx, grid.ny, () => radius, radius);
  coastCache.set(key, field);
  return field;
}

/** The synthetic analysis of `date` ('YYYY-MM-DD', 00:00 UTC) on a planar grid. */
export function demoAnalysisPlanar(date: string, grid: PlanarGrid): IceState<PlanarGrid> {
  const day = dayNumber(date);
  if (!Number.isFinite(day)) throw new RangeError(`not a date: ${date}`);
  const n = grid.nx * grid.ny;
  const { lon, lat } = planarCells(grid);
  const land = planarLandMask(grid);
  const coast = coastProximity(grid);
  const season = seasonPhase(day);
  const [ux, uy] = transpolarDrift(day);
  const eddies = eddiesAt(day);
  const [shiftX, shiftY] = driftDisplacement(day);
  const thickness = new Float32Array(n);
  const concentration = new Float32Array(n);
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  let fastest = 0;
  for (let k = 0; k < n; k++) {
    const phi = lat[k];
    const lambda = lon[k] * DEG;
    const r = EARTH_RADIUS_M * (90 - phi) * DEG;
    const cosL = Math.cos(lambda);
    const sinL = Math.sin(lambda);
    const x = r * cosL;
    const y = r * sinL;
    // Velocity on the azimuthal-equidistant plane, (−∂ψ/∂y, ∂ψ/∂x): the uniform transpolar drift plus each
    // Gaussian eddy ψ = A·exp(−d²/R²), whose gradient is −2A·exp(−d²/R²)·(x − cx, y − cy)/R².
    let vx = ux;
    let vy = uy;
    for (const e of eddies) {
      const d2 = ((x - e.cx) ** 2 + (y - e.cy) ** 2) / (e.radius * e.radius);
      if (d2 >= 25) continue;
      const g = (-2 * e.amplitude * Math.exp(-d2)) / (e.radius * e.radius);
      vx -= g * (y - e.cy);
      vy += g * (x - e.cx);
    }
    // East is (−sin λ, cos λ) on that plane, north (−cos λ, −sin λ).
    u[k] = -vx * sinL + vy * cosL;
    v[k] = -vx * cosL - vy * sinL;
    fastest = Math.max(fastest, Math.sqrt(u[k] * u[k] + v[k] * v[k]));
    if (land[k]) {
      thickness[k] = NaN;
      concentration[k] = NaN;
      continue;
    }
    const pole = Math.max(0, (phi - 66) / 24); // 0 at and south of 66°N, 1 at the pole
    const tex = texture(x, y, shiftX, shiftY);
    const edge = 75.5 - 5.5 * season + 3 * edgeShift(lon[k]) + 1.2 * tex;
    let c = 0.985 * 0.5 * (1 + Math.tanh((phi - edge) / 0.8)) - 0.02 * (1 + tex) * pole;
    c = c < 0.01 ? 0 : Math.min(1, c);
    concentration[k] = c;
    const h = (0.35 + 2.6 * pole + 1.3 * coast[k] + 0.45 * season + 0.25 * tex) * Math.sqrt(c);
    thickness[k] = Math.min(4, Math.max(0, h));
  }
  boundDrift(u, v, concentration, fastest);
  return { grid, thickness, concentration, u, v };
}
