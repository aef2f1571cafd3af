/**
 * The basemap when tiles cannot load: Natural Earth 1:50m land from the packaged `world-atlas`, filled, with
 * its outline as the coastline. Imported dynamically (about 0.5 MB of TopoJSON), so a site with working
 * tiles never downloads it.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';

export const OFFLINE_LAND_COLOUR = '#c9c2ae';
export const OFFLINE_COAST_COLOUR = '#5b5648';
export const OFFLINE_SOURCE_ID = 'offline-land';
export const OFFLINE_LAYER_IDS = ['offline-land-fill', 'offline-coastline'] as const;

/** Land polygons as GeoJSON (world-atlas TopoJSON → GeoJSON with topojson-client). */
export async function loadOfflineLand(): Promise<FeatureCollection<Geometry>> {
  const [{ feature }, topology] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/land-50m.json').then((module) => module.default),
  ]);
  const land = feature(
    topology as unknown as Parameters<typeof feature>[0],
    (topology as unknown as { objects: { land: Parameters<typeof feature>[1] } }).objects.land,
  );
  return (land.type === 'FeatureCollection' ? land : { type: 'FeatureCollection', features: [land] }) as FeatureCollection<Geometry>;
}

/** Add the land layers just above `afterLayerId` (under the forecast layers that deck.gl interleaves). */
export async function addOfflineBasemap(map: MapLibreMap, afterLayerId: string): Promise<void> {
  const land = await loadOfflineLand();
  if (!map.getStyle()) return;
  if (!map.getSource(OFFLINE_SOURCE_ID)) map.addSource(OFFLINE_SOURCE_ID, { type: 'geojson', data: land });
  // getLayersOrder() includes deck.gl's interleaved custom layers (getStyle() leaves them out): insert right
  // above the background, below whatever the overlay has already added.
  const order = map.getLayersOrder();
  const afterIndex = order.indexOf(afterLayerId);
  const beforeId = afterIndex >= 0 ? order[afterIndex + 1] : undefined;
  const specs: LayerSpecification[] = [
    { id: OFFLINE_LAYER_IDS[0], type: 'fill', source: OFFLINE_SOURCE_ID, paint: { 'fill-color': OFFLINE_LAND_COLOUR } },
    {
      id: OFFLINE_LAYER_IDS[1],
      type: 'line',
      source: OFFLINE_SOURCE_ID,
      paint: { 'line-color': OFFLINE_COAST_COLOUR, 'line-width': 0.8 },
    },
  ];
  for (const spec of specs) if (!map.getLayer(spec.id)) map.addLayer(spec, beforeId);
}
