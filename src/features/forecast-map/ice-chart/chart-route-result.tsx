/**
 * In the 'Маршрут' panel, while a chart is shown: the route checked against it ('По ледовой карте ААНИИ от {date}'):
 * length in ice, the lowest RIO and where, the first breach — the same rows as the forecast's leads.
 */
import type { RouteCheckResult, RouteSample } from '../../../api/ship-route.ts';
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';

const t = ru.route;
const km = (value: number) => value.toFixed(1);
const coordinate = (value: number) => `${value.toFixed(2)}°`;
const where = (sample: RouteSample) => t.at(km(sample.distance_km), coordinate(sample.lat), coordinate(sample.lon));

function rows(result: RouteCheckResult): [string, string, string][] {
  const lowest = result.min_rio === null ? null : (result.samples.find((s) => s.rio === result.min_rio) ?? null);
  const breach = result.first_breach;
  return [
    ['ice-length', t.iceLength, km(result.ice_length_km)],
    ['min-rio', t.minRio, result.min_rio === null ? t.onLand : result.min_rio.toFixed(1)],
    ['min-rio-at', t.minRioAt, lowest ? where(lowest) : '—'],
    ['first-breach', t.firstBreach, breach?.category ? `${ru.polaris.categories[breach.category]}: ${where(breach)}` : t.noBreach],
  ];
}

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
      {check.result && (
        <table className="route-panel__table">
          <tbody>
            {rows(check.result).map(([id, label, value]) => (
              <tr key={id} data-row={id}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
