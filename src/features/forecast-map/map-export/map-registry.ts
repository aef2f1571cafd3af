/** The page's MapLibre map, by store, for the PNG export (kept out of the store: it is not state). */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';

const maps = new WeakMap<ForecastMapStore, MapLibreMap>();

export function registerMap(store: ForecastMapStore, map: MapLibreMap): () => void {
  maps.set(store, map);
  return () => {
    if (maps.get(store) === map) maps.delete(store);
  };
}

export function mapOf(store: ForecastMapStore): MapLibreMap | undefined {
  return maps.get(store);
}
