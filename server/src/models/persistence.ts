/** persistence: every lead time repeats the initial state (the baseline any model must beat). */
import { cloneState } from '../grid/ice-state.ts';
import type { ModelRunner } from './types.ts';

export const persistence: ModelRunner = (initial, _hyperparameters, context) =>
  context.leadHours.map(() => cloneState(initial));
