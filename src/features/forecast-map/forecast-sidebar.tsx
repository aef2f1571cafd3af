/**
 * The sidebar of /forecasts, in collapsible groups (sidebar-group.tsx), the forecast's own controls first so
 * they fit a 1024 × 700 screen: 'Прогноз' ('Район', the date list, then run, lead time and variable with the
 * file's loading state), 'Инструменты', 'Ледовая карта' (an ice service's chart), 'Судно' (the ship's ice class), then
 * 'Качество прогноза'. Controls only call
 * store actions; loading follows from the store (see forecast-loader.ts).
 */
import { ru } from '../../i18n/ru.ts';
import { SavedForecastsInfo } from '../../offline/offline-notice.tsx';
import { useForecastMap } from './store/store-context.ts';
import { ViewControls } from './view-controls.tsx';
import { RegionSelect } from './region-select.tsx';
import { MapToolsPanel } from './map-tools/map-tools-panel.tsx';
import { LocalFilePanel } from './local-file/local-file-panel.tsx';
import { IceClassSelect } from './polaris/ice-class-select.tsx';
import { SidebarGroup } from './sidebar-group.tsx';
import { ForecastQuality } from './forecast-quality/forecast-quality.tsx';
import { IceChartPanel } from './ice-chart/chart-panel.tsx';

const groups = ru.layout.groups;

export function ForecastSidebar() {
  const dates = useForecastMap((state) => state.dates);
  const datesStatus = useForecastMap((state) => state.datesStatus);
  const datesError = useForecastMap((state) => state.datesError);
  const date = useForecastMap((state) => state.date);
  const setDate = useForecastMap((state) => state.setDate);

  return (
    <aside className="forecast-sidebar forecast-sidebar--grouped" aria-label={ru.forecastMap.date}>
      <SidebarGroup id="forecast" title={groups.forecast}>
        <RegionSelect />
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

        <ViewControls />
      </SidebarGroup>
      <SidebarGroup id="tools" title={ru.mapTools.title}>
        <MapToolsPanel />
        <LocalFilePanel />
      </SidebarGroup>
      <SidebarGroup id="chart" title={ru.iceChart.title}>
        <IceChartPanel />
      </SidebarGroup>
      <SidebarGroup id="ship" title={groups.ship}>
        <IceClassSelect />
      </SidebarGroup>
      <SidebarGroup id="quality" title={ru.verification.section}>
        <ForecastQuality />
      </SidebarGroup>
      {/* A footnote, not a control: last, below the groups. */}
      <SavedForecastsInfo />
    </aside>
  );
}
