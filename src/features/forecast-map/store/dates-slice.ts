/** The dates the server has forecasts for (GET /forecast/info), per region, and picking the default (the latest). */
import type { StateCreator } from 'zustand';
import type { RegionId } from '../../../../common/regions/types.ts';
import type { SelectionSlice } from './selection-slice.ts';

export type DatesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DatesSlice {
  /** Available dates, oldest first, as the server lists them. */
  dates: string[];
  /**
   * The region `dates` were listed for; null before a first list. While it is not the selected region (just
   * switched), the date is not known to have a file there and the loader waits for that region's dates.
   */
  datesRegion: RegionId | null;
  datesStatus: DatesStatus;
  datesError: string | null;
  datesLoading: () => void;
  /**
   * Store the list of `region` (default: the selected one); a selected date that is not in it (or none) becomes
   * the latest date, so switching region keeps the date where that region has it.
   */
  datesLoaded: (dates: string[], region?: RegionId) => void;
  datesFailed: (message: string) => void;
}

export const createDatesSlice: StateCreator<DatesSlice & SelectionSlice, [], [], DatesSlice> = (set, get) => ({
  dates: [],
  datesRegion: null,
  datesStatus: 'idle',
  datesError: null,
  datesLoading: () => set({ datesStatus: 'loading', datesError: null }),
  datesLoaded: (dates, region = get().region) => {
    const sorted = [...dates].sort();
    const { date } = get();
    const latest = sorted.length > 0 ? sorted[sorted.length - 1] : null;
    set({
      dates: sorted,
      datesRegion: region,
      datesStatus: 'ready',
      datesError: null,
      date: date !== null && sorted.includes(date) ? date : latest,
    });
  },
  datesFailed: (message) => set({ dates: [], datesStatus: 'error', datesError: message }),
});
