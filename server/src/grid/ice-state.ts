/**
 * The sea-ice state on a grid at one time, the unit every model consumes and produces.
 * Drift is kept as components for the numerics and turned into speed and direction only for files.
 * NaN marks land (all variables) and, for drift, cells without ice.
 */
import type { Grid, StateGrid } from './grid.ts';

/**
 * On the sector's grid unless said otherwise (`IceState<StateGrid>`: either region's). Drift is east/north on
 * both (true north, not a projected grid's y axis).
 */
export interface IceState<G extends StateGrid = Grid> {
  grid: G;
  /** Sea-ice thickness, m. */
  thickness: Float32Array;
  /** Sea-ice concentration, fraction 0..1. */
  concentration: Float32Array;
  /** Eastward ice drift, m/s. */
  u: Float32Array;
  /** Northward ice drift, m/s. */
  v: Float32Array;
}

/** The variables a state carries, in file order; metrics use the same names. */
export const STATE_FIELDS = ['thickness', 'concentration', 'u', 'v'] as const;

export function cloneState<G extends StateGrid>(state: IceState<G>): IceState<G> {
  return {
    grid: state.grid,
    thickness: state.thickness.slice(),
    concentration: state.concentration.slice(),
    u: state.u.slice(),
    v: state.v.slice(),
  };
}

/** Drift speed, m/s. */
export function driftSpeed(state: Pick<IceState<StateGrid>, 'u' | 'v'>): Float32Array {
  const out = new Float32Array(state.u.length);
  const { u, v } = state;
  // Math.sqrt rather than Math.hypot: several times faster here, and these values cannot overflow.
  for (let i = 0; i < out.length; i++) out[i] = Math.sqrt(u[i] * u[i] + v[i] * v[i]);
  return out;
}

/** Drift direction: radians in [0, 2π), the bearing the ice moves towards, clockwise from north. */
export function driftDirection(state: Pick<IceState<StateGrid>, 'u' | 'v'>): Float32Array {
  const out = new Float32Array(state.u.length);
  const turn = 2 * Math.PI;
  for (let i = 0; i < out.length; i++) {
    const bearing = Math.atan2(state.u[i], state.v[i]);
    out[i] = bearing < 0 ? bearing + turn : bearing;
  }
  return out;
}

/** Components from speed (m/s) and direction (radians, bearing clockwise from north, towards). */
export function driftComponents(speed: Float32Array, direction: Float32Array): { u: Float32Array; v: Float32Array } {
  const u = new Float32Array(speed.length);
  const v = new Float32Array(speed.length);
  for (let i = 0; i < speed.length; i++) {
    u[i] = speed[i] * Math.sin(direction[i]);
    v[i] = speed[i] * Math.cos(direction[i]);
  }
  return { u, v };
}
