/** 'Воспроизвести' / 'Пауза' and the speed of the lead animation ('Скорость'), in the sidebar's tools block. */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { PLAY_INTERVALS, type PlaySpeed } from '../map-tools/tools-slice.ts';

export function PlayControls() {
  const playing = useForecastMap((state) => state.playing);
  const playSpeed = useForecastMap((state) => state.playSpeed);
  const setPlaying = useForecastMap((state) => state.setPlaying);
  const setPlaySpeed = useForecastMap((state) => state.setPlaySpeed);
  const ready = useForecastMap((state) => state.fileStatus === 'ready');
  return (
    <div className="map-tools__play">
      <button
        type="button"
        className={playing ? 'toggle is-active' : 'toggle'}
        aria-pressed={playing}
        disabled={!ready && !playing}
        onClick={() => setPlaying(!playing)}
      >
        {playing ? ru.mapTools.pause : ru.mapTools.play}
      </button>
      <label className="map-tools__speed">
        <span>{ru.mapTools.speed}</span>
        <select value={playSpeed} onChange={(event) => setPlaySpeed(event.target.value as PlaySpeed)}>
          {(Object.keys(PLAY_INTERVALS) as PlaySpeed[]).map((speed) => (
            <option key={speed} value={speed}>
              {ru.mapTools.speeds[speed]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
