/**
 * What a click on the map does, in one place: it marks the point and opens the 'Точка' panel. Coordinates are
 * rounded to 1e-4° (~10 m), the precision the URL keeps, so a link reopens exactly the same point.
 * (Another mode, e.g. drawing a route, may take clicks instead: decide it here.)
 */
import type { ForecastMapStore } from '../store/forecast-map-store.ts';

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

export function handleMapClick(store: ForecastMapStore, position: { lng: number; lat: number }): void {
  store.getState().setPoint({ lat: round4(position.lat), lon: round4(((((position.lng + 180) % 360) + 360) % 360) - 180) });
}
