/** 'Вероятность льда' in the forecast map store: the probability the loader made for the date and lead shown. */
import type { StateCreator } from 'zustand';
import type { ProbabilityField } from './probability-field.ts';

export interface ProbabilitySlice {
  /** On screen in 'Вероятность льда' mode; 'none' when no model has a forecast of the date; null while made or off. */
  probability: ProbabilityField | 'none' | null;
  probabilityChanged: (probability: ProbabilityField | 'none' | null) => void;
}

export const createProbabilitySlice: StateCreator<ProbabilitySlice, [], [], ProbabilitySlice> = (set) => ({
  probability: null,
  probabilityChanged: (probability) => set({ probability }),
});
