/**
 * What every model is: a pure function from an initial state (the analysis, or a free run's state, of the
 * forecast date at 00:00 UTC) and its hyperparameters to one state per lead time.
 */
import type { StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';

const MODEL_TYPES = ['persistence', 'free_drift_advection', 'damped_anomaly'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/** Numbers for the built-in families; a network's spec (lists, objects) for `onnx` models. */
export type Hyperparameters = Record<string, unknown>;

export interface ModelContext<G extends StateGrid = StateGrid> {
  /** Hours after the initial time, e.g. [24, 48, 72]. */
  leadHours: readonly number[];
  /** Mean state of the analysis archive (of the same region); damped_anomaly needs it. */
  climatology?: IceState<G>;
}

/** A model runs on either region's grid: its states stay on the grid it was given. */
export type ModelRunner = <G extends StateGrid>(initial: IceState<G>, hyperparameters: Hyperparameters, context: ModelContext<G>) => IceState<G>[];

export class ModelError extends Error {
  override name = 'ModelError';
}

export function isModelType(value: string): value is ModelType {
  return (MODEL_TYPES as readonly string[]).includes(value);
}

/** A hyperparameter's value, its default when absent, checked to be a finite number within [min, max]. */
export function hyperparameter(h: Hyperparameters, name: string, fallback: number, min: number, max: number): number {
  const value = h[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ModelError(`${name} must be a number from ${min} to ${max}, got ${JSON.stringify(h[name])}`);
  }
  return value;
}
