/**
 * In the 'Маршрут' panel, while a chart is shown: the route checked against it ('По ледовой карте ААНИИ от {date}'):
 * length in ice, the lowest RIO and where, the first breach — the same rows as the forecast's leads.
 */
import { ru } from '../../../i18n/ru.ts';
import { RouteResultsTable } from '../ship-route/route-results-table.tsx';
import { useForecastMap } from '../store/store-context.ts';

export function ChartRouteResult() {
  const check = useForecastMap((state) => state.chartRoute);
  const chart = useForecastMap((state) => state.chart?.info);
  if (!check || !chart) return null;
  const title = ru.iceChart.route.title(chart.source, chart.valid_time.slice(0, 10));
  return (
    <section className="route-panel__chart" aria-label={title} data-testid="route-chart">
      <h4>{title}</h4>
      {check.status === 'checking' && <p role="status">{ru.iceChart.route.checking}</p>}
      {check.status === 'error' && (
        <p className="route-panel__error" role="alert">
          {ru.iceChart.route.failed}
        </p>
      )}
      {check.result && <RouteResultsTable columns={[{ result: check.result }]} omit={['length']} />}
    </section>
  );
}
