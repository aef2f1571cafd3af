/**
 * The point panel's 'Траектория дрейфа': the button, then the distance travelled (km), the net bearing and
 * 'Скачать GeoJSON'; says so when the path stopped at land or missing data.
 */
import { saveFile } from '../../../components/save-file.ts';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { trajectoryFileName, trajectoryGeoJson } from './trajectory-result.ts';

export function TrajectorySection() {
  const on = useForecastMap((state) => state.trajectory);
  const result = useForecastMap((state) => state.trajectoryResult);
  const point = useForecastMap((state) => state.point);
  const setTrajectory = useForecastMap((state) => state.setTrajectory);
  const track = result?.status === 'ready' ? result.track : null;
  return (
    <div className="point-panel__trajectory" data-testid="trajectory">
      <button type="button" className={on ? 'toggle is-active' : 'toggle'} aria-pressed={on} onClick={() => setTrajectory(!on)}>
        {ru.mapTools.trajectory}
      </button>
      {on && result?.status === 'loading' && <p className="point-panel__note">{ru.mapTools.loading}</p>}
      {on && result?.status === 'unavailable' && <p className="point-panel__note">{ru.mapTools.trajectoryUnavailable}</p>}
      {on && track && point && result && (
        <>
          <p className="point-panel__note" data-testid="trajectory-summary">
            {ru.mapTools.distance}: {track.distanceKm.toFixed(1)} км, {ru.mapTools.netBearing}:{' '}
            {Number.isFinite(track.bearingDeg) ? `${Math.round(track.bearingDeg) % 360}°` : '—'}
            {track.stopped && ` (${ru.mapTools.trajectoryStopped(track.hours)})`}
          </p>
          <button
            type="button"
            className="toggle"
            onClick={() => saveFile(new Blob([JSON.stringify(trajectoryGeoJson(result), null, 1)], { type: 'application/geo+json' }), trajectoryFileName(result, point))}
          >
            {ru.mapTools.downloadGeoJson}
          </button>
        </>
      )}
    </div>
  );
}
