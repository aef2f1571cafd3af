/**
 * The file's state under the controls: a progress bar of bytes received, why nothing is drawn, or that the field
 * shown is a slow link's preview while the full one comes; otherwise how the worker fetches the file
 * on this link: the whole file (fast) or slice by slice (slow), with the measured rate and the threshold.
 */
import type { LinkDecision } from '../../../workers/forecast.api.ts';
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
  const link = useForecastMap((state) => state.linkDecision);

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
  if (status === 'ready' && link) {
    return (
      <p className="forecast-sidebar__note" data-testid="link-decision" data-mode={link.mode} data-held={String(link.held)}>
        {linkText(link)}
      </p>
    );
  }
  return null;
}

/** A rate in bits/s as the sidebar says it: Mbit/s from 1 Mbit/s, kbit/s below. */
export function rateText(bitsPerSecond: number): string {
  if (bitsPerSecond >= Number.MAX_VALUE) return ru.linkDecision.unlimited;
  if (bitsPerSecond >= 1e6) return ru.linkDecision.megabits(String(Math.round(bitsPerSecond / 1e5) / 10).replace('.', ','));
  return ru.linkDecision.kilobits(String(Math.round(bitsPerSecond / 1e3)));
}

function linkText(link: LinkDecision): string {
  const threshold = rateText(link.thresholdBitsPerSecond);
  if (link.bitsPerSecond === null) return ru.linkDecision.unmeasured(threshold);
  const rate = rateText(link.bitsPerSecond);
  if (link.mode === 'slices') return ru.linkDecision.slices(rate, threshold);
  return link.held ? ru.linkDecision.held(rate, threshold) : ru.linkDecision.whole(rate, threshold);
}
