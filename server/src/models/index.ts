/** The model registry: model_type → runner. Add a family here and in MODEL_TYPES. */
import type { StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { dampedAnomaly } from './damped-anomaly.ts';
import { freeDriftAdvection } from './free-drift-advection.ts';
import { persistence } from './persistence.ts';
import { isModelType, ModelError, type Hyperparameters, type ModelContext, type ModelRunner, type ModelType } from './types.ts';

const MODEL_RUNNERS: Readonly<Record<ModelType, ModelRunner>> = {
  persistence,
  free_drift_advection: freeDriftAdvection,
  damped_anomaly: dampedAnomaly,
};

/** Run a model of `modelType` from `initial`; one state per lead time in `context.leadHours`. */
export function runModelType<G extends StateGrid>(modelType: string, initial: IceState<G>, hyperparameters: Hyperparameters, context: ModelContext<G>): IceState<G>[] {
  if (!isModelType(modelType)) throw new ModelError(`unknown model_type ${modelType}`);
  return MODEL_RUNNERS[modelType](initial, hyperparameters, context);
}

export { climatology } from './climatology.ts';
export * from './types.ts';
