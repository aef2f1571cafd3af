/**
 * Where and when the models start: 'Район' (the map's regions, the sector first) and 'Дата анализа' (the region's
 * analysis dates, newest first). Choosing another region clears the date: the form's owner does that.
 */
import type { RegionId } from '../../../common/regions/types.ts';
import { RegionOptions } from '../../components/region-options.tsx';
import { ru } from '../../i18n/ru.ts';
import { LoadErrorView } from '../../loading/load-error-view.tsx';
import type { LoadState } from '../../loading/use-load.ts';

export interface StartChoiceProps {
  region: RegionId;
  onRegion: (region: RegionId) => void;
  dates: { state: LoadState<string[]>; retry: () => void };
  date: string;
  onDate: (date: string) => void;
}

export function StartChoice({ region, onRegion, dates, date, onDate }: StartChoiceProps) {
  const { state } = dates;
  const listed = state.status === 'ready' ? state.data : [];
  return (
    <>
      <label className="forecast-sidebar__group">
        <span className="forecast-sidebar__title">{ru.regions.label}</span>
        <select value={region} onChange={(event) => onRegion(event.target.value as RegionId)} data-testid="generate-region">
          <RegionOptions />
        </select>
      </label>
      <label className="forecast-sidebar__group">
        <span className="forecast-sidebar__title">{ru.generateForecast.date}</span>
        <select value={date} disabled={state.status !== 'ready'} onChange={(event) => onDate(event.target.value)} data-testid="generate-date">
          <option value="">{ru.generateForecast.datePlaceholder}</option>
          {listed.map((entry) => (
            <option key={entry} value={entry}>
              {entry}
            </option>
          ))}
        </select>
      </label>
      {state.status === 'loading' && <p role="status">{ru.app.loading}</p>}
      {state.status === 'error' && <LoadErrorView error={state.error} onRetry={dates.retry} />}
      {state.status === 'ready' && listed.length === 0 && (
        <p className="forecast-sidebar__error" role="alert">
          {region === 'sector' ? ru.generateForecast.noDates : ru.generateForecast.noDatesInRegion(ru.regions.names[region])}
        </p>
      )}
    </>
  );
}
