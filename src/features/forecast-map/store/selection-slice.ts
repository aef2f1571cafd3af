/** What the user chose: region, date, run (assimilated or not), lead index and variable. Mirrored in the URL. */
import type { StateCreator } from 'zustand';
import { DEFAULT_ICE_CLASS, type IceClass } from '../../../../common/polaris/polaris.ts';
import type { RegionId } from '../../../../common/regions/types.ts';
import type { ForecastVariable, LeadIndex } from '../forecast-variables.ts';

export interface Selection {
  /** The forecast grid: the spec's sector (default) or the whole Arctic; every file and request of the map is of it. */
  region: RegionId;
  /** 'YYYY-MM-DD', or null until the available dates are known. */
  date: string | null;
  assimilated: boolean;
  /** Show the date's analysis instead of a forecast run; leads do not apply then. */
  analysis: boolean;
  /** Index into LEAD_HOURS (0: +24 h); the URL's `lead` is in hours (url-search.ts). */
  leadIndex: LeadIndex;
  variable: ForecastVariable;
  /** The ship's ice class for the POLARIS layer and the route check. */
  iceClass: IceClass;
}

export interface SelectionSlice extends Selection {
  setRegion: (region: RegionId) => void;
  setDate: (date: string) => void;
  setAssimilated: (assimilated: boolean) => void;
  setAnalysis: (analysis: boolean) => void;
  setLeadIndex: (leadIndex: LeadIndex) => void;
  setVariable: (variable: ForecastVariable) => void;
  setIceClass: (iceClass: IceClass) => void;
  /** Apply a (partial) selection read from the URL; unchanged fields keep their value. */
  applySelection: (selection: Partial<Selection>) => void;
}

export const DEFAULT_SELECTION: Selection = {
  region: 'sector',
  date: null,
  assimilated: false,
  analysis: false,
  leadIndex: 0,
  variable: 'sithick_GLORYS',
  iceClass: DEFAULT_ICE_CLASS,
};

export const createSelectionSlice: StateCreator<SelectionSlice, [], [], SelectionSlice> = (set, get) => ({
  ...DEFAULT_SELECTION,
  setRegion: (region) => set({ region }),
  setDate: (date) => set({ date }),
  setAssimilated: (assimilated) => set({ assimilated }),
  setAnalysis: (analysis) => set({ analysis }),
  setLeadIndex: (leadIndex) => set({ leadIndex }),
  setVariable: (variable) => set({ variable }),
  setIceClass: (iceClass) => set({ iceClass }),
  applySelection: (selection) => {
    const current = get();
    const changed = (Object.keys(selection) as (keyof Selection)[]).some(
      (key) => selection[key] !== undefined && selection[key] !== current[key],
    );
    if (!changed) return;
    const next: Partial<Selection> = {};
    for (const key of Object.keys(selection) as (keyof Selection)[]) {
      if (selection[key] !== undefined) Object.assign(next, { [key]: selection[key] });
    }
    set(next);
  },
});
