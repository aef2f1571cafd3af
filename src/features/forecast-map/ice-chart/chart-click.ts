/**
 * A click on the map while the chart is shown (ship-route/map-click-rule.ts decides it): the egg code of the polygon
 * under it opens, or closes where there is none. Found on the CPU from the prepared rings (chart-geometry.ts), no
 * GPU picking pass: a few microseconds for a chart of hundreds of polygons.
 */
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { polygonAt } from './chart-geometry.ts';

export function selectChartPolygonAt(store: ForecastMapStore, position: { lng: number; lat: number }): void {
  const { chart, selectChartPolygon, point, setPoint } = store.getState();
  if (!chart) return;
  selectChartPolygon(polygonAt(chart.polygons, position.lng, position.lat)?.index ?? null);
  // The egg takes the point panel's place on the map.
  if (point) setPoint(null);
}
