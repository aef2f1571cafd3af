/**
 * The sidebar of /forecasts: date, run, lead time and variable, with the file's loading state. Controls only
 * call store actions; loading follows from the store (see forecast-loader.ts).
 */
import { ru } from '../../i18n/ru.ts';
import { FORECAST_VARIABLES, LEAD_HOURS, type LeadIndex } from './forecast-variables.ts';
import { FileStatusView } from './file-status-view.tsx';
import { useForecastMap } from './store/store-context.ts';

export function ForecastSidebar() {
  const dates = useForecastMap((state) => state.dates);
  const datesStatus = useForecastMap((state) => state.datesStatus);
  const datesError = useForecastMap((state) => state.datesError);
  const date = useForecastMap((state) => state.date);
  const assimilated = useForecastMap((state) => state.assimilated);
  const lead = useForecastMap((state) => state.lead);
  const variable = useForecastMap((state) => state.variable);
  const setDate = useForecastMap((state) => state.setDate);
  const setAssimilated = useForecastMap((state) => state.setAssimilated);
  const setLead = useForecastMap((state) => state.setLead);
  const setVariable = useForecastMap((state) => state.setVariable);

  return (
    <aside className="forecast-sidebar" aria-label={ru.forecastMap.date}>
      <label className="forecast-sidebar__group">
        <span className="forecast-sidebar__title">{ru.forecastMap.date}</span>
        <select
          value={date ?? ''}
          onChange={(event) => setDate(event.target.value)}
          disabled={dates.length === 0}
          data-testid="date-select"
        >
          {dates.length === 0 && <option value="">—</option>}
          {[...dates].reverse().map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      {datesStatus === 'loading' && <p className="forecast-sidebar__note">{ru.forecastMap.loadingDates}</p>}
      {datesStatus === 'error' && <p className="forecast-sidebar__error" role="alert">{datesError}</p>}
      {datesStatus === 'ready' && dates.length === 0 && (
        <p className="forecast-sidebar__error" role="alert">
          {ru.forecastMap.noDates}
        </p>
      )}

      <label className="forecast-sidebar__check">
        <input type="checkbox" checked={assimilated} onChange={(event) => setAssimilated(event.target.checked)} />
        {ru.forecastMap.assimilated}
      </label>

      <div className="forecast-sidebar__group" role="group" aria-label={ru.forecastMap.lead}>
        <span className="forecast-sidebar__title">{ru.forecastMap.lead}</span>
        <div className="forecast-sidebar__buttons">
          {LEAD_HOURS.map((hours, index) => (
            <button
              key={hours}
              type="button"
              className={index === lead ? 'toggle is-active' : 'toggle'}
              aria-pressed={index === lead}
              onClick={() => setLead(index as LeadIndex)}
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
    </aside>
  );
}
