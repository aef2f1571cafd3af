/**
 * The decoded slice on screen and its colour range. Plain CPU arrays only: GPU textures are made from them
 * by the layers and live on the layers' state, never here.
 */
import type { StateCreator } from 'zustand';
import type { DriftSlice, FieldGrid, ScalarSlice } from '../../../../workers/forecast.api.ts';
import { driftRange, EMPTY_RANGE, INITIAL_RANGE, scalarRange, type ColourRange } from '../colour-range.ts';
import type { ForecastVariable, LeadIndex } from '../forecast-variables.ts';
import type { Bbox } from '../../../../common/forecast-file/subset-query.ts';

interface FieldBase {
  /** Which file (cache key), variable and lead this slice belongs to. */
  fileKey: string;
  variable: ForecastVariable;
  leadIndex: LeadIndex;
  grid: FieldGrid;
  /**
   * A preview on a slow link (every 2nd cell upsampled onto the grid), drawn until the full slice
   * replaces it. Never kept for switching back; the hover readout marks its values as approximate.
   */
  preview?: boolean;
  /**
   * A slow link's window of a zoomed-in view (the box it covers for sure, degrees): the values under the view on
   * the full grid, NaN elsewhere; final for that view, asked again when the view leaves the box. Never kept for
   * switching back.
   */
  window?: Bbox;
}
/** The two slices of one lead the POLARIS layer computes RIO from. */
export interface PolarisSlices {
  concentration: ScalarSlice;
  thickness: ScalarSlice;
}

export type DisplayField =
  | (FieldBase & { kind: 'scalar'; slice: ScalarSlice })
  | (FieldBase & { kind: 'drift'; slice: DriftSlice })
  | (FieldBase & { kind: 'polaris'; slice: PolarisSlices });

/** RIO's span over every class and cell: 10 × the table's extremes (−8 … 3). Not shown: the legend has categories. */
const POLARIS_RANGE: ColourRange = [-80, 30];

function fieldRange(field: DisplayField): ColourRange | null {
  if (field.kind === 'scalar') return scalarRange(field.slice);
  if (field.kind === 'drift') return driftRange(field.slice);
  const { concentration, thickness } = field.slice;
  return scalarRange(concentration) && scalarRange(thickness) ? POLARIS_RANGE : null;
}

export interface FieldSlice {
  field: DisplayField | null;
  range: ColourRange;
  /** True when the chosen variable is missing from the file or has no finite value. */
  fieldMissing: boolean;
  /** Show a decoded slice; with no finite value it counts as missing. */
  fieldDecoded: (field: DisplayField) => void;
  /** The variable is not in the file (or has no finite value): draw nothing, range 0–1. */
  fieldUnavailable: () => void;
  /** The box the map shows (src/map/view-box.ts), set when it stops moving; null before the map has a size. */
  viewBox: Bbox | null;
  viewMoved: (box: Bbox | null) => void;
}

export const createFieldSlice: StateCreator<FieldSlice, [], [], FieldSlice> = (set) => ({
  field: null,
  range: INITIAL_RANGE,
  fieldMissing: false,
  fieldDecoded: (field) => {
    const range = fieldRange(field);
    if (range === null) set({ field: null, range: EMPTY_RANGE, fieldMissing: true });
    else set({ field, range, fieldMissing: false });
  },
  fieldUnavailable: () => set({ field: null, range: EMPTY_RANGE, fieldMissing: true }),
  viewBox: null,
  viewMoved: (viewBox) => set({ viewBox }),
});
