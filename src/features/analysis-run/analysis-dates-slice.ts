/**
 * The dates with an archived analysis (GET /analysis/info, issue 10): the run switch offers 'Анализ' on those.
 */
import type { StateCreator } from 'zustand';
import type { ForecastMapState } from '../forecast-map/store/forecast-map-store.ts';

export interface AnalysisDatesSlice {
  /** 'YYYY-MM-DD', as the server lists them; empty until known (or when the list could not be fetched). */
  analysisDates: string[];
  analysisDatesLoaded: (dates: string[]) => void;
}

export const createAnalysisDatesSlice: StateCreator<ForecastMapState, [], [], AnalysisDatesSlice> = (set) => ({
  analysisDates: [],
  analysisDatesLoaded: (dates) => set({ analysisDates: [...dates].sort() }),
});

/** The analysis is on screen: chosen, and archived for the chosen date. */
export function analysisShown(state: Pick<ForecastMapState, 'analysis' | 'date' | 'analysisDates'>): boolean {
  return state.analysis && state.date !== null && state.analysisDates.includes(state.date);
}

/** Fetch the analysis dates into the store; without them (an error) the switch simply offers no analysis. */
export function loadAnalysisDates(
  store: { getState: () => Pick<ForecastMapState, 'analysisDatesLoaded'> },
  list: () => Promise<string[]>,
): void {
  list().then(
    (dates) => store.getState().analysisDatesLoaded(dates),
    (error: unknown) => console.error('Analysis dates could not be listed:', error),
  );
}
