/**
 * Whether the analysis run is on screen: the dates with an analysis (GET /analysis/info) are the map
 * tools' `analysisDates` (map-tools/tools-slice.ts), loaded once by start-map-tools.ts.
 */
import type { ForecastMapState } from '../store/forecast-map-store.ts';

/** The analysis is on screen: chosen, and archived for the chosen date. */
export function analysisShown(state: Pick<ForecastMapState, 'analysis' | 'date' | 'analysisDates'>): boolean {
  return state.analysis && state.date !== null && (state.analysisDates?.includes(state.date) ?? false);
}
