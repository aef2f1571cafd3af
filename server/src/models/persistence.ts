/** persistence: every lead time repeats the initial state (the baseline any model must beat). */
import { cloneState, type IceState } from '../grid/ice-state.ts';
import type { ModelRunner } from './types.ts';

export const persistence: ModelRunner = (initial: IceState, _hyperparameters, context) =>
  context.leadHours.map(() => cloneState(initial));
