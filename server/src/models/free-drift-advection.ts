/**
 * free_drift_advection: thickness and concentration are carried by the initial drift field, held steady,
 * with a semi-Lagrangian scheme: each step, the value at a cell is the value at the point the ice departed
 * from, interpolated bilinearly. Departure points are traced on a polar plane (metres; advection-geometry.ts:
 * the sector's azimuthal-equidistant plane, or the whole Arctic's own polar stereographic plane), so paths near
 * the pole are straight lines rather than wild swings in longitude, with the usual two-stage
 * (midpoint) estimate: x_d = x − Δt · V(x − ½ Δt · V(x)).
 *
 * Hyperparameters:
 *  - time_step_hours (h): the step; rounded down so a whole number of steps makes 24 h;
 *  - drift_scale (1): factor on the analysed drift (free drift is often slower or faster than observed).
 * The forecast drift is the scaled initial drift, persisting. Land stays NaN; points upstream of the grid edge
 * take the edge value (zero-gradient inflow). A field the analysis lacks (thickness from a concentration-only
 * product) stays NaN while the fields it has are still carried.
 */
import type { StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { advectionGeometry, type AdvectionGeometry } from './advection-geometry.ts';
import { hyperparameter, ModelError, type ModelRunner } from './types.ts';

/** Defaults: 6 h keeps a step's displacement (≤ 6.5 km at 0.3 m/s) near one cell; 1 = the analysed drift. */
export const DEFAULT_TIME_STEP_HOURS = 6;
export const DEFAULT_DRIFT_SCALE = 1;

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
function planeVelocity(state: IceState<StateGrid>, plane: AdvectionGeometry, scale: number, fillPasses: number): { vx: Float32Array; vy: Float32Array } {
  const { vx, vy } = plane.planeVelocity(state.u, state.v, scale);
  const nlon = plane.nx;
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

/** Columns and rows of the grid, as the stencils walk it. */
interface Extent {
  nx: number;
  ny: number;
}

/** Bilinear value at a fractional position, NaN neighbours left out; NaN when all four are NaN. */
function sample(field: Float32Array, grid: Extent, col: number, row: number): number {
  const [k, fx, fy] = stencil(grid, col, row);
  return blend(field, k, grid.nx, fx, fy);
}

function stencil(grid: Extent, col: number, row: number): [number, number, number] {
  const c = Math.min(Math.max(col, 0), grid.nx - 1);
  const r = Math.min(Math.max(row, 0), grid.ny - 1);
  const i0 = Math.min(Math.floor(c), Math.max(grid.nx - 2, 0));
  const j0 = Math.min(Math.floor(r), Math.max(grid.ny - 2, 0));
  return [j0 * grid.nx + i0, c - i0, r - j0];
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
function departures(state: IceState<StateGrid>, plane: AdvectionGeometry, vx: Float32Array, vy: Float32Array, dt: number): Departures {
  const n = plane.ny * plane.nx;
  const corner = new Int32Array(n).fill(-1);
  const fx = new Float32Array(n);
  const fy = new Float32Array(n);
  for (let j = 0; j < plane.ny; j++) {
    for (let i = 0; i < plane.nx; i++) {
      const k = j * plane.nx + i;
      // Land (and cells the analysis says nothing of) is NaN in every field; a sea cell has concentration or
      // thickness. Products without thickness (OSI SAF: concentration and drift) still move.
      const sea = state.concentration[k] === state.concentration[k] || state.thickness[k] === state.thickness[k];
      if (!sea || (vx[k] === 0 && vy[k] === 0)) continue; // land, or still
      const [x, y] = plane.position(i, j);
      const [mc, mr] = plane.toIndex(x - 0.5 * dt * vx[k], y - 0.5 * dt * vy[k]);
      const mvx = sample(vx, plane, mc, mr);
      const mvy = sample(vy, plane, mc, mr);
      const [dc, dr] = plane.toIndex(x - dt * mvx, y - dt * mvy);
      const [base, ffx, ffy] = stencil(plane, dc, dr);
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
  const plane = advectionGeometry(grid);
  if (plane.ny < 2 || plane.nx < 2) throw new ModelError('advection needs a grid of at least 2 × 2 cells');
  const stepsPerDay = Math.ceil(24 / stepHours - 1e-9);
  const dt = (24 * 3600) / stepsPerDay; // s
  // Extend the drift far enough for the longest lead: distance at the fastest analysed speed, in cells.
  let fastest = 0;
  for (let k = 0; k < initial.u.length; k++) {
    const speed = Math.sqrt(initial.u[k] ** 2 + initial.v[k] ** 2);
    if (speed > fastest) fastest = speed;
  }
  const longest = Math.max(0, ...context.leadHours) * 3600;
  const fillPasses = Math.min(200, Math.ceil((fastest * scale * longest) / plane.narrowestCellM) + 2);
  const { vx, vy } = planeVelocity(initial, plane, scale, fillPasses);
  const d = departures(initial, plane, vx, vy, dt);
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
      [thickness, concentration] = step(thickness, concentration, d, plane.nx);
    }
    hoursDone = hours;
    return { grid, thickness, concentration, u: u.slice(), v: v.slice() };
  });
};
