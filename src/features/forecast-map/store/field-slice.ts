/**
 * The decoded slice on screen and its colour range. Plain CPU arrays only: GPU textures are made from them
 * by the layers and live on the layers' state, never here.
 */
import type { StateCreator } from 'zustand';
import type { DriftSlice, RegularGrid, ScalarSlice } from '../../../../workers/forecast.api.ts';
import { driftRange, EMPTY_RANGE, INITIAL_RANGE, scalarRange, type ColourRange } from '../colour-range.ts';
import type { ForecastVariable, LeadIndex } from '../forecast-variables.ts';
import type { ForecastMapState } from './forecast-map-store.ts';

interface FieldBase {
  /** Which file (cache key), variable and lead this slice belongs to. */
  fileKey: string;
  variable: ForecastVariable;
  lead: LeadIndex;
  grid: RegularGrid;
}
export type DisplayField =
  | (FieldBase & { kind: 'scalar'; slice: ScalarSlice })
  | (FieldBase & { kind: 'drift'; slice: DriftSlice });

export interface FieldSlice {
  field: DisplayField | null;
  range: ColourRange;
  /** True when the chosen variable is missing from the file or has no finite value. */
  fieldMissing: boolean;
  /** Show a decoded slice; with no finite value it counts as missing. */
  fieldDecoded: (field: DisplayField) => void;
  /** The variable is not in the file (or has no finite value): draw nothing, range 0–1. */
  fieldUnavailable: () => void;
}

export const createFieldSlice: StateCreator<ForecastMapState, [], [], FieldSlice> = (set) => ({
  field: null,
  range: INITIAL_RANGE,
  fieldMissing: false,
  fieldDecoded: (field) => {
    const range = field.kind === 'scalar' ? scalarRange(field.slice) : driftRange(field.slice);
    if (range === null) set({ field: null, range: EMPTY_RANGE, fieldMissing: true });
    else set({ field, range, fieldMissing: false });
  },
  fieldUnavailable: () => set({ field: null, range: EMPTY_RANGE, fieldMissing: true }),
});
