/**
 * free_drift_advection: thickness and concentration are carried by the initial drift field, held steady,
 * with a semi-Lagrangian scheme: each step, the value at a cell is the value at the point the ice departed
 * from, interpolated bilinearly. Departure points are traced on a polar azimuthal-equidistant plane (metres),
 * so paths near the pole are straight lines rather than wild swings in longitude, with the usual two-stage
 * (midpoint) estimate: x_d = x − Δt · V(x − ½ Δt · V(x)).
 *
 * Hyperparameters:
 *  - time_step_hours (h): the step; rounded down so a whole number of steps makes 24 h;
 *  - drift_scale (1): factor on the analysed drift (free drift is often slower or faster than observed).
 * The forecast drift is the scaled initial drift, persisting. Land stays NaN; points upstream of the grid edge
 * take the edge value (zero-gradient inflow). A field the analysis lacks (thickness from a concentration-only
 * product) stays NaN while the fields it has are still carried.
 */
import { EARTH_RADIUS_M, type Grid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { hyperparameter, ModelError, type ModelRunner } from './types.ts';

/** Defaults: 6 h keeps a step's displacement (≤ 6.5 km at 0.3 m/s) near one cell; 1 = the analysed drift. */
export const DEFAULT_TIME_STEP_HOURS = 6;
export const DEFAULT_DRIFT_SCALE = 1;

const DEG = Math.PI / 180;

/** Bilinear stencil of every cell's departure point: corner index and fractions, or −1 where nothing moves. */
interface Departures {
  corner: Int32Array;
  fx: Float32Array;
  fy: Float32Array;
}

/**
 * Plane velocity (m/s) of each cell from east/north components. Drift is only analysed where there is ice;
 * to let the ice edge advance, the velocity is extended into ice-free (and land) cells by `fillPasses`
 * rounds of averaging the known neighbours, about one cell per round.
 */
function planeVelocity(state: IceState, scale: number, fillPasses: number): { vx: Float32Array; vy: Float32Array } {
  const { grid, u, v } = state;
  const { nlat, nlon } = grid;
  const vx = new Float32Array(u.length).fill(NaN);
  const vy = new Float32Array(u.length).fill(NaN);
  for (let i = 0; i < nlon; i++) {
    const lon = (grid.lon0 + i * grid.dlon) * DEG;
    const c = Math.cos(lon);
    const s = Math.sin(lon);
    for (let j = 0; j < nlat; j++) {
      const k = j * nlon + i;
      if (!Number.isFinite(u[k]) || !Number.isFinite(v[k])) continue;
      const ue = u[k] * scale;
      const vn = v[k] * scale;
      // East is (−sin λ, cos λ) on the plane, north is (−cos λ, −sin λ) (towards the pole).
      vx[k] = -ue * s - vn * c;
      vy[k] = ue * c - vn * s;
    }
  }
  // Breadth-first rounds: each round fills the unknown cells that touch a known one, with their mean.
  const n = vx.length;
  const neighbourCells = (k: number, visit: (m: number) => void) => {
    const i = k % nlon;
    if (i > 0) visit(k - 1);
    if (i < nlon - 1) visit(k + 1);
    if (k >= nlon) visit(k - nlon);
    if (k + nlon < n) visit(k + nlon);
  };
  const queued = new Uint8Array(n);
  let frontier: number[] = [];
  for (let k = 0; k < n; k++) {
    if (vx[k] === vx[k]) continue;
    let touches = false;
    neighbourCells(k, (m) => {
      if (vx[m] === vx[m]) touches = true;
    });
    if (touches) {
      frontier.push(k);
      queued[k] = 1;
    }
  }
  const fx = new Float32Array(n);
  const fy = new Float32Array(n);
  for (let pass = 0; pass < fillPasses && frontier.length > 0; pass++) {
    for (const k of frontier) {
      let sx = 0;
      let sy = 0;
      let count = 0;
      neighbourCells(k, (m) => {
        if (vx[m] === vx[m]) {
          sx += vx[m];
          sy += vy[m];
          count++;
        }
      });
      fx[k] = sx / count;
      fy[k] = sy / count;
    }
    const next: number[] = [];
    for (const k of frontier) {
      vx[k] = fx[k];
      vy[k] = fy[k];
    }
    for (const k of frontier) {
      neighbourCells(k, (m) => {
        if (!queued[m] && vx[m] !== vx[m]) {
          queued[m] = 1;
          next.push(m);
        }
      });
    }
    frontier = next;
  }
  // Whatever stays unknown does not move.
  for (let k = 0; k < vx.length; k++) {
    if (vx[k] !== vx[k]) {
      vx[k] = 0;
      vy[k] = 0;
    }
  }
  return { vx, vy };
}

/** Fractional grid position (column, row) of a plane point (m). */
function planeToIndex(grid: Grid, x: number, y: number): [number, number] {
  const lat = 90 - Math.sqrt(x * x + y * y) / EARTH_RADIUS_M / DEG;
  const lon = Math.atan2(y, x) / DEG;
  return [(lon - grid.lon0) / grid.dlon, (lat - grid.lat0) / grid.dlat];
}

/** Bilinear value at a fractional position, NaN neighbours left out; NaN when all four are NaN. */
function sample(field: Float32Array, grid: Grid, col: number, row: number): number {
  const [k, fx, fy] = stencil(grid, col, row);
  return blend(field, k, grid.nlon, fx, fy);
}

function stencil(grid: Grid, col: number, row: number): [number, number, number] {
  const c = Math.min(Math.max(col, 0), grid.nlon - 1);
  const r = Math.min(Math.max(row, 0), grid.nlat - 1);
  const i0 = Math.min(Math.floor(c), Math.max(grid.nlon - 2, 0));
  const j0 = Math.min(Math.floor(r), Math.max(grid.nlat - 2, 0));
  return [j0 * grid.nlon + i0, c - i0, r - j0];
}

function blend(field: Float32Array, k: number, nlon: number, fx: number, fy: number): number {
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const a = field[k];
  const b = field[k + 1];
  const c = field[k + nlon];
  const d = field[k + nlon + 1];
  // Fast path: all four present.
  if (a === a && b === b && c === c && d === d) return w00 * a + w10 * b + w01 * c + w11 * d;
  const wa = a === a ? w00 : 0;
  const wb = b === b ? w10 : 0;
  const wc = c === c ? w01 : 0;
  const wd = d === d ? w11 : 0;
  const weight = wa + wb + wc + wd;
  if (weight === 0) return NaN;
  return ((wa ? wa * a : 0) + (wb ? wb * b : 0) + (wc ? wc * c : 0) + (wd ? wd * d : 0)) / weight;
}

/** Departure point of every sea cell for one step of `dt` seconds in the steady plane velocity. */
function departures(state: IceState, vx: Float32Array, vy: Float32Array, dt: number): Departures {
  const { grid } = state;
  const n = grid.nlat * grid.nlon;
  const corner = new Int32Array(n).fill(-1);
  const fx = new Float32Array(n);
  const fy = new Float32Array(n);
  for (let j = 0; j < grid.nlat; j++) {
    const r = EARTH_RADIUS_M * (90 - (grid.lat0 + j * grid.dlat)) * DEG;
    for (let i = 0; i < grid.nlon; i++) {
      const k = j * grid.nlon + i;
      // Land (and cells the analysis says nothing of) is NaN in every field; a sea cell has concentration or
      // thickness. Products without thickness (OSI SAF: concentration and drift) still move.
      const sea = state.concentration[k] === state.concentration[k] || state.thickness[k] === state.thickness[k];
      if (!sea || (vx[k] === 0 && vy[k] === 0)) continue; // land, or still
      const lon = (grid.lon0 + i * grid.dlon) * DEG;
      const x = r * Math.cos(lon);
      const y = r * Math.sin(lon);
      const [mc, mr] = planeToIndex(grid, x - 0.5 * dt * vx[k], y - 0.5 * dt * vy[k]);
      const mvx = sample(vx, grid, mc, mr);
      const mvy = sample(vy, grid, mc, mr);
      const [dc, dr] = planeToIndex(grid, x - dt * mvx, y - dt * mvy);
      const [base, ffx, ffy] = stencil(grid, dc, dr);
      corner[k] = base;
      fx[k] = ffx;
      fy[k] = ffy;
    }
  }
  return { corner, fx, fy };
}

/** One step for two fields that share the departure stencils (thickness and concentration). */
function step(a: Float32Array, b: Float32Array, d: Departures, nlon: number): [Float32Array, Float32Array] {
  const outA = a.slice();
  const outB = b.slice();
  for (let k = 0; k < a.length; k++) {
    const base = d.corner[k];
    if (base < 0) continue;
    const va = blend(a, base, nlon, d.fx[k], d.fy[k]);
    if (va === va) outA[k] = va;
    const vb = blend(b, base, nlon, d.fx[k], d.fy[k]);
    if (vb === vb) outB[k] = vb;
  }
  return [outA, outB];
}

export const freeDriftAdvection: ModelRunner = (initial, hyperparameters, context) => {
  const stepHours = hyperparameter(hyperparameters, 'time_step_hours', DEFAULT_TIME_STEP_HOURS, 0.1, 24);
  const scale = hyperparameter(hyperparameters, 'drift_scale', DEFAULT_DRIFT_SCALE, 0, 10);
  const { grid } = initial;
  if (grid.nlat < 2 || grid.nlon < 2) throw new ModelError('advection needs a grid of at least 2 × 2 cells');
  const stepsPerDay = Math.ceil(24 / stepHours - 1e-9);
  const dt = (24 * 3600) / stepsPerDay; // s
  // Extend the drift far enough for the longest lead: distance at the fastest analysed speed, in cells.
  let fastest = 0;
  for (let k = 0; k < initial.u.length; k++) {
    const speed = Math.sqrt(initial.u[k] ** 2 + initial.v[k] ** 2);
    if (speed > fastest) fastest = speed;
  }
  const longest = Math.max(0, ...context.leadHours) * 3600;
  // The narrowest cell counts: east-west cells shrink with cos(latitude) (rows beyond 89° are left to the cap).
  const poleward = Math.min(89, Math.max(Math.abs(grid.lat0), Math.abs(grid.lat0 + (grid.nlat - 1) * grid.dlat)));
  const cell = EARTH_RADIUS_M * DEG * Math.min(Math.abs(grid.dlat), Math.abs(grid.dlon) * Math.cos(poleward * DEG)); // m
  const fillPasses = Math.min(200, Math.ceil((fastest * scale * longest) / cell) + 2);
  const { vx, vy } = planeVelocity(initial, scale, fillPasses);
  const d = departures(initial, vx, vy, dt);
  const u = new Float32Array(initial.u.length);
  const v = new Float32Array(initial.v.length);
  for (let k = 0; k < u.length; k++) {
    u[k] = initial.u[k] * scale;
    v[k] = initial.v[k] * scale;
  }

  let thickness = initial.thickness;
  let concentration = initial.concentration;
  let hoursDone = 0;
  return context.leadHours.map((hours) => {
    if (Math.abs((hours * stepsPerDay) / 24 - Math.round((hours * stepsPerDay) / 24)) > 1e-9) {
      throw new ModelError(`lead time ${hours} h is not a whole number of ${dt / 3600} h steps`);
    }
    const steps = Math.round(((hours - hoursDone) * stepsPerDay) / 24);
    if (steps < 0) throw new ModelError('lead times must increase');
    for (let s = 0; s < steps; s++) {
      [thickness, concentration] = step(thickness, concentration, d, grid.nlon);
    }
    hoursDone = hours;
    return { grid, thickness, concentration, u: u.slice(), v: v.slice() };
  });
};
