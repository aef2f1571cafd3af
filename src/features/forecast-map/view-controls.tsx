/**
 * Run, lead time and variable, with the file's loading state: the part of the sidebar shared by /forecasts
 * (below its date list) and /generate-forecast (below its model choice). Controls only call store actions.
 */
import { ru } from '../../i18n/ru.ts';
import { FileStatusView } from './file-status-view.tsx';
import { FORECAST_VARIABLES, LEAD_HOURS, type LeadIndex } from './forecast-variables.ts';
import { useForecastMap } from './store/store-context.ts';
import { AnalysisToggle, useAnalysisShown } from './analysis-run/analysis-toggle.tsx';

export function ViewControls() {
  const assimilated = useForecastMap((state) => state.assimilated);
  const leadIndex = useForecastMap((state) => state.leadIndex);
  const variable = useForecastMap((state) => state.variable);
  const setAssimilated = useForecastMap((state) => state.setAssimilated);
  const setLeadIndex = useForecastMap((state) => state.setLeadIndex);
  const setVariable = useForecastMap((state) => state.setVariable);
  const analysis = useAnalysisShown(); // the analysis has one time step and no run
  return (
    <>
      <label className="forecast-sidebar__check">
        <input type="checkbox" checked={assimilated} disabled={analysis} onChange={(event) => setAssimilated(event.target.checked)} />
        {ru.forecastMap.assimilated}
      </label>
      <AnalysisToggle />
      <div className="forecast-sidebar__group" role="group" aria-label={ru.forecastMap.lead}>
        <span className="forecast-sidebar__title">{ru.forecastMap.lead}</span>
        <div className="forecast-sidebar__buttons">
          {LEAD_HOURS.map((hours, index) => (
            <button
              key={hours}
              type="button"
              className={index === leadIndex ? 'toggle is-active' : 'toggle'}
              aria-pressed={index === leadIndex}
              disabled={analysis}
              onClick={() => setLeadIndex(index as LeadIndex)}
            >
              +{hours}h
            </button>
          ))}
        </div>
      </div>
      <div className="forecast-sidebar__group" role="group" aria-label={ru.forecastMap.variable}>
        <span className="forecast-sidebar__title">{ru.forecastMap.variable}</span>
        <div className="forecast-sidebar__buttons forecast-sidebar__buttons--column">
          {FORECAST_VARIABLES.map((name) => (
            <button
              key={name}
              type="button"
              className={name === variable ? 'toggle is-active' : 'toggle'}
              aria-pressed={name === variable}
              onClick={() => setVariable(name)}
            >
              {name}
            </button>
          ))}
        </div>
      </div>
      <FileStatusView />
    </>
  );
}
