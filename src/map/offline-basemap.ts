/**
 * The basemap when tiles cannot load: Natural Earth land from the packaged `world-atlas`, filled, with its
 * outline as the coastline. Imported dynamically, so a site with working tiles never downloads it.
 *
 * Two levels (a ship's link is 31 KiB/s and the first switch after the map must not queue behind
 * the land): 1:110m (18 KiB brotli) at once, then 1:50m (149 KiB) in its place when the view needs the detail
 * (zoomed in to DETAIL_ZOOM) or when the caller says the link is quiet (`whenQuiet`: the forecast's slices
 * are all fetched), whichever comes first.
 */
import type { FeatureCollection, Geometry, Position } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { continuousRings } from '../../common/lonlat-rings.ts';

export const OFFLINE_LAND_COLOUR = '#c9c2ae';
const OFFLINE_COAST_COLOUR = '#5b5648';
const OFFLINE_SOURCE_ID = 'offline-land';
const OFFLINE_LAYER_IDS = ['offline-land-fill', 'offline-coastline'] as const;
/** From this zoom on 1:110m coastlines are visibly too coarse (about 1:20M at 70°N on a 1280 px screen). */
const DETAIL_ZOOM = 4.5;

export type LandDetail = '110m' | '50m';

type Topology = Parameters<typeof import('topojson-client').feature>[0];

const topologies: Record<LandDetail, () => Promise<unknown>> = {
  '110m': () => import('world-atlas/land-110m.json').then((module) => module.default),
  '50m': () => import('world-atlas/land-50m.json').then((module) => module.default),
};

/**
 * Polygons with continuous longitudes (`common/lonlat-rings.ts`): world-atlas keeps Wrangel Island, Chukotka and Antarctica
 * as rings that jump from 180° to −180°, which MapLibre fills as bands round the world at their latitudes.
 */
export function continuousLand(geometry: Geometry): Geometry {
  const polygon = (rings: Position[][]): Position[][] => continuousRings(rings).map((ring) => ring.fill);
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: polygon(geometry.coordinates) };
  if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(polygon) };
  return geometry;
}

/** Land polygons as GeoJSON (world-atlas TopoJSON → GeoJSON with topojson-client), continuous across 180°. */
export async function loadOfflineLand(detail: LandDetail = '50m'): Promise<FeatureCollection<Geometry>> {
  const [{ feature }, topology] = await Promise.all([import('topojson-client'), topologies[detail]()]);
  const land = feature(topology as Topology, (topology as { objects: { land: Parameters<typeof feature>[1] } }).objects.land);
  const features = land.type === 'FeatureCollection' ? land.features : [land];
  return { type: 'FeatureCollection', features: features.map((f) => ({ ...f, geometry: continuousLand(f.geometry as Geometry) })) } as FeatureCollection<Geometry>;
}

export interface OfflineBasemapOptions {
  /** Resolves when the link has nothing more urgent to carry; the detailed land is fetched then (or on zoom). */
  whenQuiet?: Promise<void>;
}

/** Add the land layers just above `afterLayerId` (under the forecast layers that deck.gl interleaves). */
export async function addOfflineBasemap(map: MapLibreMap, afterLayerId: string, options: OfflineBasemapOptions = {}): Promise<void> {
  const land = await loadOfflineLand('110m');
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
  scheduleDetail(map, options.whenQuiet);
}

/** Swap in the 1:50m land once, on zoom to DETAIL_ZOOM or when `whenQuiet` resolves. */
function scheduleDetail(map: MapLibreMap, whenQuiet: Promise<void> | undefined): void {
  let asked = false;
  const upgrade = () => {
    if (asked) return;
    asked = true;
    map.off('zoomend', onZoom);
    loadOfflineLand('50m').then(
      (detailed) => {
        if (!map.getStyle()) return;
        (map.getSource(OFFLINE_SOURCE_ID) as GeoJSONSource | undefined)?.setData(detailed);
      },
      (error: unknown) => console.warn('Detailed offline land not loaded; keeping 1:110m:', error),
    );
  };
  const onZoom = () => {
    if (map.getZoom() >= DETAIL_ZOOM) upgrade();
  };
  map.on('zoomend', onZoom);
  onZoom();
  void whenQuiet?.then(upgrade, () => undefined);
}
