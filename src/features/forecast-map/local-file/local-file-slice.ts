/**
 * The local file on the map: a NetCDF file the user opened from disk, decoded and regridded in the
 * worker, never uploaded. While one is shown, the map, legend and readout show it instead of the forecast.
 */
import type { StateCreator } from 'zustand';
import type { LocalField } from '../../../../workers/forecast.api.ts';
import type { LocalVariable } from './local-variables.ts';

export type LocalStatus = 'idle' | 'opening' | 'ready' | 'error';

export interface LocalFileSlice {
  localStatus: LocalStatus;
  /** The file's name as the user picked it. */
  localName: string | null;
  /** The worker's cache key of the open file. */
  localKey: string | null;
  localVariables: LocalVariable[];
  localVariable: string | null;
  localTime: number;
  /** What is drawn; null while opening, after an error or when closed. */
  localField: LocalField | null;
  /** Which region, file, variable and time step `localField` is ('region|key|variable|time'): a new choice is not drawn until its field arrives. */
  localShown: string | null;
  /** The Russian reason shown when the file cannot be opened or placed. */
  localError: string | null;
  localOpening: (name: string) => void;
  localOpened: (key: string, variables: LocalVariable[]) => void;
  localChoose: (variable: string, time: number) => void;
  localDrawn: (field: LocalField, shown: string) => void;
  localFailed: (message: string) => void;
  localClosed: () => void;
}

const CLEARED = {
  localStatus: 'idle' as LocalStatus,
  localName: null,
  localKey: null,
  localVariables: [],
  localVariable: null,
  localTime: 0,
  localField: null,
  localShown: null,
  localError: null,
};

export const createLocalFileSlice: StateCreator<LocalFileSlice, [], [], LocalFileSlice> = (set) => ({
  ...CLEARED,
  localOpening: (name) => set({ ...CLEARED, localStatus: 'opening', localName: name }),
  localOpened: (key, variables) =>
    set({ localKey: key, localVariables: variables, localVariable: variables[0]?.name ?? null, localTime: 0 }),
  localChoose: (variable, time) => set({ localVariable: variable, localTime: time }),
  localDrawn: (field, shown) => set({ localStatus: 'ready', localField: field, localShown: shown, localError: null }),
  localFailed: (message) => set({ localStatus: 'error', localField: null, localShown: null, localError: message }),
  localClosed: () => set(CLEARED),
});
