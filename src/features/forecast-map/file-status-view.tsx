/**
 * The file's state under the controls: a progress bar of bytes received, why nothing is drawn, or that the field
 * shown is a slow link's preview while the full one comes (issue 13).
 */
import { ru } from '../../i18n/ru.ts';
import { DownloadRate } from '../../offline/download-rate-view.tsx';
import { useForecastMap } from './store/store-context.ts';

const MB = 1024 * 1024;

export function FileStatusView() {
  const status = useForecastMap((state) => state.fileStatus);
  const progress = useForecastMap((state) => state.progress);
  const error = useForecastMap((state) => state.fileError);
  const missing = useForecastMap((state) => state.fieldMissing);
  const preview = useForecastMap((state) => state.field?.preview === true);

  if (status === 'loading') {
    const loaded = progress?.loaded ?? 0;
    const total = progress?.total ?? null;
    return (
      <div className="forecast-sidebar__progress" data-testid="file-progress">
        <span>{ru.forecastMap.loadingFile}</span>
        <progress value={total ? loaded : undefined} max={total ?? undefined} />
        <span className="forecast-sidebar__note">
          {ru.forecastMap.megabytes((loaded / MB).toFixed(1), total ? (total / MB).toFixed(1) : null)}
        </span>
        <DownloadRate loaded={loaded} total={total} />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <p className="forecast-sidebar__error" role="alert" data-testid="file-error">
        {error}
      </p>
    );
  }
  if (status === 'ready' && missing) {
    return (
      <p className="forecast-sidebar__note" role="status">
        {ru.forecastMap.variableMissing}
      </p>
    );
  }
  if (status === 'ready' && preview) {
    return (
      <p className="forecast-sidebar__note" role="status" data-testid="field-preview">
        {ru.fieldPreview.refining}
      </p>
    );
  }
  return null;
}
