/**
 * MapLibre + deck.gl glue, free of React: the map with its basemap (tiles, or the offline fallback), the
 * globe/Mercator control, the deck.gl overlay interleaved with MapLibre's layers, and pointer tracking.
 * GPU resources live in deck.gl layers; React only passes layer descriptions in through setLayers().
 */
import type { LayersList } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { ru } from '../i18n/ru.ts';
import { BACKGROUND_LAYER_ID, BASEMAP_LAYER_ID, BASEMAP_SOURCE_ID, createBasemapStyle } from './basemap-style.ts';
import { BasemapWatchdog } from './basemap-watchdog.ts';
import { MAP_MAX_ZOOM, OFFLINE_TILE_URL, resolveTileUrl } from './map-config.ts';
import { addOfflineBasemap } from './offline-basemap.ts';
import { regionView } from './region-view.ts';
import type { RegionId } from '../../common/regions/types.ts';

// Without this the map's worker 404s under Vite (dev and build): see ../shared/STACK.md.
maplibregl.setWorkerUrl(workerUrl);

/** Which basemap is on screen: the configured tiles, or the packaged Natural Earth land. */
export type BasemapKind = 'tiles' | 'offline';
export type MapProjection = 'globe' | 'mercator';

export interface PointerPosition {
  lng: number;
  lat: number;
  /** Pixels from the map's top left corner. */
  x: number;
  y: number;
}

export interface ForecastMapOptions {
  container: HTMLElement;
  tileUrl?: string;
  projection?: MapProjection;
  /** The region whose view the map opens on (region-view.ts); the sector's (the spec's view) by default. */
  region?: RegionId;
  onBasemapChange?: (kind: BasemapKind) => void;
  onPointer?: (position: PointerPosition | null) => void;
  /** A click (not a drag) on the map. */
  onClick?: (position: PointerPosition) => void;
  /** Resolves when the link is free for the offline basemap's detailed land (see offline-basemap.ts). */
  whenLinkQuiet?: () => Promise<void>;
}

export class ForecastMap {
  readonly map: maplibregl.Map;
  readonly overlay: MapLibreOverlay;
  private watchdog: BasemapWatchdog | null = null;
  private basemap: BasemapKind;
  private styleLoaded = false;
  private readonly onBasemapChange?: (kind: BasemapKind) => void;
  private readonly whenLinkQuiet?: () => Promise<void>;

  constructor(options: ForecastMapOptions) {
    this.whenLinkQuiet = options.whenLinkQuiet;
    const tileUrl = options.tileUrl ?? resolveTileUrl();
    this.basemap = tileUrl === OFFLINE_TILE_URL ? 'offline' : 'tiles';
    this.onBasemapChange = options.onBasemapChange;
    const view = regionView(options.region ?? 'sector');
    this.map = new maplibregl.Map({
      container: options.container,
      style: createBasemapStyle(tileUrl, view.globeOnly ? 'globe' : (options.projection ?? 'globe')),
      center: view.center,
      zoom: view.zoom,
      minZoom: view.minZoom,
      maxZoom: MAP_MAX_ZOOM,
      maxBounds: view.maxBounds ?? undefined,
      attributionControl: { compact: true },
      locale: {
        'GlobeControl.Enable': ru.forecastMap.projectionGlobe,
        'GlobeControl.Disable': ru.forecastMap.projectionMercator,
        'NavigationControl.ZoomIn': ru.forecastMap.zoomIn,
        'NavigationControl.ZoomOut': ru.forecastMap.zoomOut,
      },
    });
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    this.map.addControl(new maplibregl.GlobeControl(), 'top-right');
    this.overlay = new MapLibreOverlay({ interleaved: true, layers: [] });
    this.map.addControl(this.overlay);
    // The overlay picks deck.gl's view (globe or Web Mercator) from MapLibre's projection only on 'styledata'
    // and setProps; setProjection (the globe control) fires neither, so hand it the switch ourselves.
    this.map.on('projectiontransition', () => this.overlay.setProps({}));
    // Browser tests and benches read the live map; only builds made with VITE_TEST_HOOKS=1 carry the hook
    // (Vite replaces the flag by its value, so a plain production build drops this line).
    if (import.meta.env.VITE_TEST_HOOKS === '1') window.__forecastMap = this.map;
    this.map.once('load', () => (this.styleLoaded = true));

    if (this.basemap === 'offline') void this.showOffline();
    else this.watchTiles();
    options.onBasemapChange?.(this.basemap);

    const onPointer = options.onPointer;
    if (onPointer) {
      this.map.on('mousemove', (event) =>
        onPointer({ lng: event.lngLat.lng, lat: event.lngLat.lat, x: event.point.x, y: event.point.y }),
      );
      this.map.on('mouseout', () => onPointer(null));
    }
    const onClick = options.onClick;
    if (onClick) {
      this.map.on('click', (event) => onClick({ lng: event.lngLat.lng, lat: event.lngLat.lat, x: event.point.x, y: event.point.y }));
    }
  }

  get basemapKind(): BasemapKind {
    return this.basemap;
  }

  setLayers(layers: LayersList): void {
    this.overlay.setProps({ layers });
  }

  setProjection(projection: MapProjection): void {
    this.map.setProjection({ type: projection });
  }

  /**
   * Moves to a region's view with its limits (region-view.ts): the whole Arctic on the globe above the pole, the
   * sector back to the spec's centre, zoom and bounds. The old limits go first so they do not clamp the jump.
   */
  showRegion(region: RegionId): void {
    const view = regionView(region);
    const map = this.map;
    if (view.globeOnly && map.getProjection()?.type !== 'globe') this.setProjection('globe');
    map.setMaxBounds(null);
    map.setMinZoom(view.minZoom);
    map.jumpTo({ center: view.center, zoom: view.zoom });
    map.setMaxBounds(view.maxBounds);
  }

  destroy(): void {
    this.watchdog?.dispose();
    if (import.meta.env.VITE_TEST_HOOKS === '1' && window.__forecastMap === this.map) delete window.__forecastMap;
    this.map.removeControl(this.overlay);
    this.map.remove();
  }

  /** Tile errors before any tile, or a silent timeout, switch to the offline basemap for this page's life. */
  private watchTiles(): void {
    const watchdog = new BasemapWatchdog({
      onFail: (reason) => {
        console.warn(`Base tiles unavailable (${reason}); showing the offline basemap`);
        void this.showOffline();
      },
    });
    this.watchdog = watchdog;
    this.map.on('sourcedata', (event) => {
      // A 'sourcedata' event that carries a tile means that tile arrived.
      if (event.sourceId === BASEMAP_SOURCE_ID && event.tile !== undefined) watchdog.tileLoaded();
    });
    this.map.on('error', (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      if (event.sourceId === BASEMAP_SOURCE_ID) watchdog.tileFailed();
    });
  }

  private async showOffline(): Promise<void> {
    const map = this.map;
    if (!this.styleLoaded) await new Promise((done) => map.once('load', done));
    if (map.getLayer(BASEMAP_LAYER_ID)) map.removeLayer(BASEMAP_LAYER_ID);
    if (map.getSource(BASEMAP_SOURCE_ID)) map.removeSource(BASEMAP_SOURCE_ID);
    this.basemap = 'offline';
    this.onBasemapChange?.('offline');
    await addOfflineBasemap(map, BACKGROUND_LAYER_ID, { whenQuiet: this.whenLinkQuiet?.() });
  }
}
