/**
 * The difference tool in the forecast map store: 'Режим' ('Поле' or 'Разность') and which difference (both
 * mirrored in the URL as `mode`, `against`), and the difference the difference loader made for them.
 */
import type { StateCreator } from 'zustand';
import type { DifferenceField, DifferenceKind } from './difference-math.ts';

/**
 * 'Поле' (the field), 'Разность' (a difference) or 'Вероятность льда' (the share of all models' forecasts of the
 * date with ice, ../ice-probability/).
 */
export type MapMode = 'field' | 'difference' | 'probability';

export interface DifferenceSlice {
  mode: MapMode;
  differenceKind: DifferenceKind;
  /** The difference on screen in 'Разность' mode; 'none' when it cannot be made (no analysis, drift, no file). */
  difference: DifferenceField | 'none' | null;
  setMode: (mode: MapMode) => void;
  setDifferenceKind: (kind: DifferenceKind) => void;
  differenceChanged: (difference: DifferenceField | 'none' | null) => void;
}

export const createDifferenceSlice: StateCreator<DifferenceSlice, [], [], DifferenceSlice> = (set) => ({
  mode: 'field',
  differenceKind: 'runs',
  difference: null,
  setMode: (mode) => set({ mode }),
  setDifferenceKind: (differenceKind) => set({ differenceKind }),
  differenceChanged: (difference) => set({ difference }),
});
