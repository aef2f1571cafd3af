/**
 * Who owns a click on the map: the one place that decides it. In 'Маршрут' mode while drawing, a click adds a
 * waypoint and a double click finishes the route (MapLibre's double-click zoom is off meanwhile); while an ice chart
 * is on the map, a click opens the egg code of the polygon under it ('Ледовая карта'); otherwise the click is the
 * point panel's ('Точка', the map tools' feature), which must ask `mapClickTarget` first.
 */
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';

export type MapClickTarget = 'route' | 'chart' | 'point';

export function mapClickTarget(state: Pick<ForecastMapState, 'routeMode'> & Partial<Pick<ForecastMapState, 'chartView' | 'chart'>>): MapClickTarget {
  if (state.routeMode === 'drawing') return 'route';
  return state.chartView && state.chart ? 'chart' : 'point';
}

/** Two waypoints closer than this (degrees) are one click of a double click. */
const SAME_POINT_DEGREES = 1e-6;

/** Wire the route's clicks into a map; returns the function that unwires them. */
export function attachRouteClicks(map: MapLibreMap, store: ForecastMapStore): () => void {
  const onClick = (event: MapMouseEvent) => {
    if (mapClickTarget(store.getState()) !== 'route') return;
    const { lat, lng } = event.lngLat.wrap();
    store.getState().addWaypoint([lat, lng]);
  };
  const onDoubleClick = (event: MapMouseEvent) => {
    const state = store.getState();
    if (mapClickTarget(state) !== 'route') return;
    event.preventDefault();
    // The double click's two clicks each added the same point: keep one.
    const points = state.routeWaypoints;
    const [a, b] = points.slice(-2);
    if (a && b && Math.abs(a[0] - b[0]) < SAME_POINT_DEGREES && Math.abs(a[1] - b[1]) < SAME_POINT_DEGREES) state.undoWaypoint();
    store.getState().finishRoute();
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.routeMode === previous.routeMode) return;
    if (state.routeMode === 'drawing') map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
  });
  map.on('click', onClick);
  map.on('dblclick', onDoubleClick);
  return () => {
    unsubscribe();
    map.off('click', onClick);
    map.off('dblclick', onDoubleClick);
  };
}
