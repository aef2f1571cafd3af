/**
 * The sidebar's 'Ледовая карта': show the chart for the forecast date, coloured 'Сплочённость' or 'Возраст льда';
 * which chart it is (service, valid time, polygons) or 'Ледовой карты на {date} нет'; the legend of the classes
 * the chart holds, in the colours drawn.
 */
import { ToggleButtons } from '../../../components/toggle-buttons.tsx';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { CT_CLASSES, CT_COLOURS, SOD_CLASSES, SOD_COLOURS, ctClass, cssColour, sodClass } from './chart-colours.ts';
import type { ChartView } from './chart-slice.ts';
import type { PreparedPolygon } from './chart-geometry.ts';
import './ice-chart.css';

const t = ru.iceChart;
const VIEWS: readonly ChartView[] = ['ct', 'sod'];

/** 'YYYY-MM-DD HH:MM' of an ISO time, UTC. */
export function formatValidTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toISOString().slice(0, 16).replace('T', ' ');
}

function ChartLegend({ view, polygons }: { view: ChartView; polygons: readonly PreparedPolygon[] }) {
  const drawn = polygons.filter((p) => p.properties.poly_type !== 'L');
  const present = new Set<string>(drawn.map((p) => (view === 'ct' ? ctClass(p.properties) : sodClass(p.properties))));
  const rows =
    view === 'ct'
      ? CT_CLASSES.filter((c) => present.has(c)).map((c) => ({ id: c, colour: CT_COLOURS[c], label: t.ctClasses[c] }))
      : SOD_CLASSES.filter((c) => present.has(c)).map((c) => ({ id: c, colour: SOD_COLOURS[c], label: t.sodClasses[c] }));
  return (
    <>
      <ul className="ice-chart-legend" aria-label={t.legendTitles[view]} data-testid="ice-chart-legend" data-view={view}>
        {rows.map((row) => (
          <li key={row.id} data-class={row.id}>
            <span className="ice-chart-legend__swatch" style={{ background: cssColour(row.colour) }} />
            {row.label}
          </li>
        ))}
      </ul>
      <p className="forecast-sidebar__note">{t.legendNote}</p>
    </>
  );
}

export function IceChartPanel() {
  const view = useForecastMap((state) => state.chartView);
  const setView = useForecastMap((state) => state.setChartView);
  const status = useForecastMap((state) => state.chartStatus);
  const chart = useForecastMap((state) => state.chart);
  const date = useForecastMap((state) => state.date);
  return (
    // The sidebar's 'Ледовая карта' group heads these (sidebar-group.tsx).
    <div className="forecast-sidebar__group ice-chart" data-testid="ice-chart-panel">
      <label className="forecast-sidebar__check">
        <input type="checkbox" checked={view !== null} onChange={(event) => setView(event.target.checked ? 'ct' : null)} data-testid="ice-chart-toggle" />
        {t.show}
      </label>
      {view !== null && (
        <>
          <ToggleButtons values={VIEWS} active={view} onChange={setView} label={(v) => t.codes[v]} />
          {status === 'loading' && !chart && <p className="forecast-sidebar__note">{t.loading}</p>}
          {status === 'none' && date && (
            <p className="forecast-sidebar__note" data-testid="ice-chart-none">
              {t.none(date)}
            </p>
          )}
          {status === 'error' && (
            <p className="forecast-sidebar__error" role="alert">
              {t.failed}
            </p>
          )}
          {chart && status !== 'none' && (
            <div data-testid="ice-chart-info" data-chart={chart.info.id} data-simplified={chart.simplified}>
              <p className="forecast-sidebar__note">{t.source(chart.info.source)}</p>
              <p className="forecast-sidebar__note">{t.validTime(formatValidTime(chart.info.valid_time))}</p>
              {chart.simplified && <p className="forecast-sidebar__note">{t.simplified}</p>}
              <ChartLegend view={view} polygons={chart.polygons} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
