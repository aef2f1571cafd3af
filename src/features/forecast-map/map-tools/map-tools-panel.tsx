/** The tools of the /forecasts sidebar: the ice edge toggle, the lead animation, 'Режим', the export. */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { PlayControls } from '../lead-animation/play-controls.tsx';
import { DifferenceControls } from '../difference/difference-controls.tsx';
import { ExportButton } from '../map-export/export-button.tsx';
import './map-tools.css';

export function MapToolsPanel() {
  const iceEdge = useForecastMap((state) => state.iceEdge);
  const setIceEdge = useForecastMap((state) => state.setIceEdge);
  return (
    // The sidebar's 'Инструменты' group heads these (sidebar-group.tsx).
    <div className="forecast-sidebar__group map-tools">
      <label className="forecast-sidebar__check">
        <input type="checkbox" checked={iceEdge} onChange={(event) => setIceEdge(event.target.checked)} />
        {ru.mapTools.iceEdge}
      </label>
      <PlayControls />
      <DifferenceControls />
      <ExportButton />
    </div>
  );
}
