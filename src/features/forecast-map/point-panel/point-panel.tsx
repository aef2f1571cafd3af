/**
 * 'Точка': the clicked point's latitude/longitude, a small chart and a table of the selected variable at +24h,
 * +48h, +72h for the free run, the assimilated run and the analysis valid at each lead's time ('Нет данных' on
 * land, missing cells, or where there is no such file). 'Закрыть' closes it (and takes the point off the map).
 */
import { lazy, Suspense } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { LEAD_HOURS } from '../forecast-variables.ts';
import { formatCoordinate } from '../hover-readout.tsx';
import { useForecastMap } from '../store/store-context.ts';
import { EDGE_RUNS } from '../ice-edge/edge-slice.ts';
import { TrajectorySection } from '../trajectory/trajectory-section.tsx';
import { formatPointValue } from './point-series.ts';
import '../map-card.css';
import './point-panel.css';

// uPlot (~20 KiB brotli) only when a point is chosen: not on a slow link's way to the first field.
const PointChart = lazy(() => import('./point-chart.tsx').then((module) => ({ default: module.PointChart })));

export function PointPanel() {
  const point = useForecastMap((state) => state.point);
  const series = useForecastMap((state) => state.pointSeries);
  const setPoint = useForecastMap((state) => state.setPoint);
  if (!point) return null;
  return (
    <section className="map-card point-panel" aria-label={ru.mapTools.point} data-testid="point-panel">
      <header className="map-card__header">
        <h3>{ru.mapTools.point}</h3>
        <button type="button" className="toggle" onClick={() => setPoint(null)}>
          {ru.mapTools.close}
        </button>
      </header>
      <p className="point-panel__where" data-testid="point-where">
        {ru.forecastMap.latitude}: {formatCoordinate(point.lat, ru.forecastMap.north, ru.forecastMap.south)},{' '}
        {ru.forecastMap.longitude}: {formatCoordinate(point.lon, ru.forecastMap.east, ru.forecastMap.west)}
      </p>
      {series?.status !== 'ready' ? (
        <p className="point-panel__note">{ru.mapTools.loading}</p>
      ) : (
        <>
          <p className="point-panel__note">{ru.forecastMap.variableNames[series.variable]}</p>
          <Suspense fallback={null}>
            <PointChart series={series} />
          </Suspense>
          <table className="point-panel__table" data-testid="point-table">
            <thead>
              <tr>
                <th>{ru.mapTools.lead}</th>
                {EDGE_RUNS.map((run) => (
                  <th key={run}>{ru.mapTools.edgeRuns[run]}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LEAD_HOURS.map((hours, leadIndex) => (
                <tr key={hours} data-lead={hours}>
                  <th>+{hours}h</th>
                  {EDGE_RUNS.map((run) => (
                    <td key={run} data-run={run}>
                      {formatPointValue(series.variable, series.values[run][leadIndex])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <TrajectorySection />
    </section>
  );
}
