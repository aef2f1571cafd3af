/** The dates the server has forecasts for (GET /forecast/info), and picking the default (the latest). */
import type { StateCreator } from 'zustand';
import type { SelectionSlice } from './selection-slice.ts';

export type DatesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DatesSlice {
  /** Available dates, oldest first, as the server lists them. */
  dates: string[];
  datesStatus: DatesStatus;
  datesError: string | null;
  datesLoading: () => void;
  /** Store the list; a selected date that is not in it (or none) becomes the latest date. */
  datesLoaded: (dates: string[]) => void;
  datesFailed: (message: string) => void;
}

export const createDatesSlice: StateCreator<DatesSlice & SelectionSlice, [], [], DatesSlice> = (set, get) => ({
  dates: [],
  datesStatus: 'idle',
  datesError: null,
  datesLoading: () => set({ datesStatus: 'loading', datesError: null }),
  datesLoaded: (dates) => {
    const sorted = [...dates].sort();
    const { date } = get();
    const latest = sorted.length > 0 ? sorted[sorted.length - 1] : null;
    set({
      dates: sorted,
      datesStatus: 'ready',
      datesError: null,
      date: date !== null && sorted.includes(date) ? date : latest,
    });
  },
  datesFailed: (message) => set({ dates: [], datesStatus: 'error', datesError: message }),
});
