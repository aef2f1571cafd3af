/**
 * The sidebar's 'Ледовая карта': show the chart for the forecast date, coloured 'Сплочённость', 'Возраст льда' or by
 * POLARIS for the ship's ice class ('Судно'); which chart it is (service, valid time) or 'Ледовой карты на {date}
 * нет'; the legend (chart-legend.tsx).
 */
import { ToggleButtons } from '../../../components/toggle-buttons.tsx';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import type { ChartView } from './chart-slice.ts';
import { ChartLegend } from './chart-legend.tsx';
import './ice-chart.css';

const t = ru.iceChart;
const VIEWS: readonly ChartView[] = ['ct', 'sod', 'polaris'];

/** 'YYYY-MM-DD HH:MM' of an ISO time, UTC. */
export function formatValidTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toISOString().slice(0, 16).replace('T', ' ');
}

export function IceChartPanel() {
  const view = useForecastMap((state) => state.chartView);
  const setView = useForecastMap((state) => state.setChartView);
  const status = useForecastMap((state) => state.chartStatus);
  const chart = useForecastMap((state) => state.chart);
  const date = useForecastMap((state) => state.date);
  const iceClass = useForecastMap((state) => state.iceClass);
  return (
    // The sidebar's 'Ледовая карта' group heads these (sidebar-group.tsx).
    <div className="forecast-sidebar__group ice-chart" data-testid="ice-chart-panel">
      <label className="forecast-sidebar__check">
        <input type="checkbox" checked={view !== null} onChange={(event) => setView(event.target.checked ? 'ct' : null)} data-testid="ice-chart-toggle" />
        {t.show}
      </label>
      {view !== null && (
        <>
          <ToggleButtons values={VIEWS} active={view} onChange={setView} label={(v) => t.codes[v]} column />
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
              <ChartLegend view={view} polygons={chart.polygons} iceClass={iceClass} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
