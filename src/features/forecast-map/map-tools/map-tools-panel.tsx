/** The tools block of the /forecasts sidebar (issue 11): the ice edge toggle, the lead animation, 'Режим'. */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { PlayControls } from '../lead-animation/play-controls.tsx';
import { DifferenceControls } from '../difference/difference-controls.tsx';
import './map-tools.css';

export function MapToolsPanel() {
  const iceEdge = useForecastMap((state) => state.iceEdge);
  const setIceEdge = useForecastMap((state) => state.setIceEdge);
  return (
    <section className="forecast-sidebar__group map-tools" aria-label={ru.mapTools.title}>
      <span className="forecast-sidebar__title">{ru.mapTools.title}</span>
      <label className="forecast-sidebar__check">
        <input type="checkbox" checked={iceEdge} onChange={(event) => setIceEdge(event.target.checked)} />
        {ru.mapTools.iceEdge}
      </label>
      <PlayControls />
      <DifferenceControls />
    </section>
  );
}
