/**
 * The sidebar block for a file from disk: 'Открыть файл' (a file picker; dropping a file on the map does the
 * same), then the file's variables and time steps, its state, and 'Закрыть файл' to go back to the forecast.
 */
import { useRef } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { useLocalFileLoader } from './local-file-context.ts';

export function LocalFilePanel() {
  const loader = useLocalFileLoader();
  const inputRef = useRef<HTMLInputElement>(null);
  const status = useForecastMap((state) => state.localStatus);
  const name = useForecastMap((state) => state.localName);
  const variables = useForecastMap((state) => state.localVariables);
  const variable = useForecastMap((state) => state.localVariable);
  const time = useForecastMap((state) => state.localTime);
  const error = useForecastMap((state) => state.localError);
  const field = useForecastMap((state) => state.localField);
  const chosen = variables.find((v) => v.name === variable);

  return (
    <section className="forecast-sidebar__group local-file" aria-label={ru.localFile.title} data-testid="local-file">
      <span className="forecast-sidebar__title">{ru.localFile.title}</span>
      <div className="forecast-sidebar__buttons">
        <button type="button" className="toggle" disabled={!loader} onClick={() => inputRef.current?.click()}>
          {ru.localFile.open}
        </button>
        {status !== 'idle' && (
          <button type="button" className="toggle" onClick={() => loader?.close()}>
            {ru.localFile.close}
          </button>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept=".nc,.nc4,.netcdf,.cdf,application/x-netcdf"
        hidden
        data-testid="local-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file can be picked again
          if (file) void loader?.open(file);
        }}
      />
      {status === 'idle' && <p className="forecast-sidebar__note">{ru.localFile.hint}</p>}
      {name && <p className="forecast-sidebar__note" data-testid="local-file-name">{name}</p>}
      {status === 'opening' && <p className="forecast-sidebar__note" role="status">{ru.localFile.opening}</p>}
      {status === 'error' && (
        <p className="forecast-sidebar__error" role="alert" data-testid="local-file-error">
          {error}
        </p>
      )}
      {variables.length > 0 && (
        <label className="forecast-sidebar__group">
          <span className="forecast-sidebar__title">{ru.localFile.variable}</span>
          <select value={variable ?? ''} data-testid="local-variable" onChange={(event) => void loader?.choose(event.target.value, 0)}>
            {variables.map((v) => (
              <option key={v.name} value={v.name}>
                {v.label === v.name ? v.name : `${v.label} (${v.name})`}
              </option>
            ))}
          </select>
        </label>
      )}
      {chosen && chosen.steps > 1 && (
        <label className="forecast-sidebar__group">
          <span className="forecast-sidebar__title">{ru.localFile.step(chosen.stepDimension ?? '')}</span>
          <select value={time} data-testid="local-time" onChange={(event) => void loader?.choose(chosen.name, Number(event.target.value))}>
            {Array.from({ length: chosen.steps }, (_, i) => (
              <option key={i} value={i}>
                {chosen.stepLabels?.[i] || i + 1}
              </option>
            ))}
          </select>
        </label>
      )}
      {field && status === 'ready' && (
        <p className="forecast-sidebar__note" data-testid="local-file-grid">
          {ru.localFile.grid(field.gridDescription)}
        </p>
      )}
      {field && status === 'ready' && field.region !== 'sector' && (
        <p className="forecast-sidebar__note" data-testid="local-file-region">
          {ru.localFile.regionGrid(field.region)}
        </p>
      )}
    </section>
  );
}
