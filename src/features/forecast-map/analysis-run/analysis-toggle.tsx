/**
 * 'Анализ' in the run switch: offered when the chosen date has an archived analysis. While it is
 * on, the map shows the analysis (one time step): the assimilation switch and the lead buttons do not apply
 * and are shown disabled (kept in place, so the sidebar does not jump).
 */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { analysisShown } from './analysis-shown.ts';

export function AnalysisToggle() {
  const available = useForecastMap((state) => state.date !== null && (state.analysisDates?.includes(state.date) ?? false));
  const on = useForecastMap(analysisShown);
  const setAnalysis = useForecastMap((state) => state.setAnalysis);
  if (!available) return null;
  return (
    <div className="forecast-sidebar__buttons" data-testid="analysis-run">
      <button type="button" className={on ? 'toggle is-active' : 'toggle'} aria-pressed={on} onClick={() => setAnalysis(!on)}>
        {ru.analysisRun.analysis}
      </button>
      {on && <p className="forecast-sidebar__note">{ru.analysisRun.hint}</p>}
    </div>
  );
}

/** True while the analysis is shown: the lead buttons and the assimilation switch are disabled. */
export const useAnalysisShown = (): boolean => useForecastMap(analysisShown);
