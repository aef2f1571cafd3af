/** The MapLibre style: an ocean-coloured background and the raster base tiles above it. */
import type { StyleSpecification } from 'maplibre-gl';
import { MAP_MAX_ZOOM, OFFLINE_TILE_URL } from './map-config.ts';

/** Deep-ocean blue behind the tiles, and the sea colour of the offline basemap. */
const OCEAN_COLOUR = '#1d3a57';
export const BASEMAP_SOURCE_ID = 'blue-marble';
export const BASEMAP_LAYER_ID = 'blue-marble';
export const BACKGROUND_LAYER_ID = 'ocean';

export function createBasemapStyle(tileUrl: string, projection: 'globe' | 'mercator'): StyleSpecification {
  const withTiles = tileUrl !== OFFLINE_TILE_URL;
  return {
    version: 8,
    projection: { type: projection },
    sources: withTiles
      ? {
          [BASEMAP_SOURCE_ID]: {
            type: 'raster',
            tiles: [tileUrl],
            tileSize: 256,
            maxzoom: MAP_MAX_ZOOM,
            attribution: 'NASA GIBS Blue Marble',
          },
        }
      : {},
    layers: [
      { id: BACKGROUND_LAYER_ID, type: 'background', paint: { 'background-color': OCEAN_COLOUR } },
      ...(withTiles ? [{ id: BASEMAP_LAYER_ID, type: 'raster' as const, source: BASEMAP_SOURCE_ID }] : []),
    ],
  };
}
