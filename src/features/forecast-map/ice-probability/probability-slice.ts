/**
 * 'Вероятность льда' in the forecast map store: the probability field the probability loader made for the selected
 * date and lead ('none' when no model has a file of the date). The mode itself is the difference slice's `mode`.
 */
import type { StateCreator } from 'zustand';
import type { ProbabilityField } from './probability-field.ts';

export interface ProbabilitySlice {
  probability: ProbabilityField | 'none' | null;
  probabilityChanged: (probability: ProbabilityField | 'none' | null) => void;
}

export const createProbabilitySlice: StateCreator<ProbabilitySlice, [], [], ProbabilitySlice> = (set) => ({
  probability: null,
  probabilityChanged: (probability) => set({ probability }),
});
