/**
 * The map itself: MapLibre with the basemap, and the forecast layers drawn from the store. Layers are pushed
 * to deck.gl from a store subscription (not React renders), so a lead or variable switch reaches the GPU
 * without re-rendering the page. Reusable by any page that owns a forecast map store.
 */
import { useEffect, useRef, useState } from 'react';
import { ru } from '../../i18n/ru.ts';
import { ForecastMap, type BasemapKind, type MapProjection, type PointerPosition } from '../../map/forecast-map.ts';
import { buildForecastLayers } from './forecast-layers.ts';
import { HoverReadout } from './hover-readout.tsx';
import { buildFieldOrDifference, buildToolLayers, toolLayersChanged } from './map-tools/tool-layers.ts';
import { handleMapClick } from './point-panel/map-click.ts';
import { registerMap } from './map-export/map-registry.ts';
import { visibleBox } from '../../map/view-box.ts';
import { useForecastMap, useForecastMapStore } from './store/store-context.ts';
import { attachRouteClicks, mapClickTarget } from './ship-route/map-click-rule.ts';
import { buildRouteLayers, routeLayersChanged } from './ship-route/route-layers.ts';
import { buildChartLayers, chartLayersChanged } from './ice-chart/chart-layers.ts';
import { selectChartPolygonAt } from './ice-chart/chart-click.ts';
import { ChartDrawnWatch, type ChartDrawnKey } from './ice-chart/chart-drawn.ts';
import { ChartWarmUp } from './ice-chart/chart-warm-up.ts';

export interface ForecastMapViewProps {
  projection?: MapProjection;
  /** Called with the file's key once the map has rendered a frame with a field of that file (the background waits). */
  onFieldDrawn?: (fileKey: string) => void;
  /** Called once the map has rendered its first frame after its style loaded (the first view then goes). */
  onMapRendered?: () => void;
  /** Resolves when the decode worker's link is free: the offline basemap's detailed land waits for it. */
  whenLinkQuiet?: () => Promise<void>;
}

export function ForecastMapView({ projection = 'globe', onFieldDrawn, onMapRendered, whenLinkQuiet }: ForecastMapViewProps) {
  const store = useForecastMapStore();
  const containerRef = useRef<HTMLDivElement>(null);
  const [basemap, setBasemap] = useState<BasemapKind | null>(null);
  const [pointer, setPointer] = useState<PointerPosition | null>(null);
  // Set when the particle layer reports that this GPU cannot draw drift.
  const [driftUnsupported, setDriftUnsupported] = useState(false);
  // What the layers were given ('<file>|<variable>|<leadIndex>', or 'none'), for tests and the benchmark to wait on.
  // A preview is not the full field: `data-drawn` says 'none' while one is drawn, `data-preview-drawn` its key.
  const drawn = useForecastMap((state) => (state.field && !state.field.preview ? `${state.field.fileKey}|${state.field.variable}|${state.field.leadIndex}` : 'none'));
  const previewDrawn = useForecastMap((state) => (state.field?.preview ? `${state.field.fileKey}|${state.field.variable}|${state.field.leadIndex}` : undefined));
  // A slow link's window drawn (the box it covers: west,south,east,north), for tests to see it.
  const windowDrawn = useForecastMap((state) => state.field?.window?.join(','));
  // The local file shown instead: '<key>|<variable>|<time>' or 'none'.
  const localDrawn = useForecastMap((state) => (state.localField && state.localShown ? state.localShown : 'none'));
  // The chart in a rendered frame (ice-chart/chart-drawn.ts), for tests and the benchmark to wait on.
  const [chartDrawnKey, setChartDrawn] = useState<ChartDrawnKey>('none');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = new ForecastMap({
      container,
      projection,
      region: store.getState().region,
      onBasemapChange: setBasemap,
      onPointer: setPointer,
      whenLinkQuiet,
      // Who owns a click: ship-route/map-click-rule.ts (drawing a route: the route; otherwise the point panel).
      onClick: (position) => {
        const target = mapClickTarget(store.getState());
        if (target === 'point') handleMapClick(store, position);
        else if (target === 'chart') selectChartPolygonAt(store, position);
      },
    });
    const unregister = registerMap(store, map.map);
    // The box under the view, for a slow link's windows (forecast-loader.ts): each time the map comes to rest.
    const reportView = () => store.getState().viewMoved(visibleBox(map.map));
    map.map.on('moveend', reportView);
    const onDriftUnsupported = () => setDriftUnsupported(true);
    // The forecast field (or the difference), the ice chart over it, the map tools' layers (ice edge, point,
    // trajectory), then the route of the 'Маршрут' mode on top.
    const chartDrawn = new ChartDrawnWatch(store, map.map, setChartDrawn);
    const chartWarmUp = new ChartWarmUp(store, map.map, () => map.setLayers(layersOf(store.getState())));
    const layersOf = (state: ReturnType<typeof store.getState>) => [
      ...buildFieldOrDifference(state, () => buildForecastLayers(state, onDriftUnsupported)),
      ...buildChartLayers(state, [chartDrawn.extension]),
      ...chartWarmUp.layers(),
      ...buildToolLayers(state),
      ...buildRouteLayers(state),
    ];
    // Report the first rendered frame (after the style's load) that holds a field of a file: the worker's
    // background fetches wait for it, so the link serves the view first.
    let styleLoaded = false;
    let reported: string | null = null;
    const reportDrawn = () => {
      const fileKey = store.getState().field?.fileKey;
      if (!onFieldDrawn || !styleLoaded || !fileKey || fileKey === reported) return;
      map.map.once('render', () => {
        if (store.getState().field?.fileKey !== fileKey || reported === fileKey) return;
        reported = fileKey;
        onFieldDrawn(fileKey);
      });
      map.map.triggerRepaint();
    };
    map.map.once('load', () => {
      styleLoaded = true;
      reportView();
      if (onMapRendered) map.map.once('render', onMapRendered);
      map.map.triggerRepaint();
      reportDrawn();
    });
    map.setLayers(layersOf(store.getState()));
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.region !== previous.region) map.showRegion(state.region);
      if (state.field !== previous.field) reportDrawn();
      if (
        state.field !== previous.field ||
        state.range !== previous.range ||
        state.iceClass !== previous.iceClass ||
        state.localField !== previous.localField ||
        toolLayersChanged(state, previous) ||
        routeLayersChanged(state, previous) ||
        chartLayersChanged(state, previous)
      ) {
        map.setLayers(layersOf(state));
      }
    });
    const detachRouteClicks = attachRouteClicks(map.map, store);
    const unwatchChart = chartDrawn.start();
    const stopChartWarmUp = chartWarmUp.start();
    return () => {
      stopChartWarmUp();
      unwatchChart();
      detachRouteClicks();
      unsubscribe();
      unregister();
      map.map.off('moveend', reportView);
      map.destroy();
    };
  }, [store, projection, onFieldDrawn, onMapRendered, whenLinkQuiet]);

  return (
    <div className="forecast-map">
      <div ref={containerRef} className="forecast-map__canvas" data-testid="forecast-map" data-drawn={drawn} data-preview-drawn={previewDrawn} data-window-drawn={windowDrawn} data-local-drawn={localDrawn} data-chart-drawn={chartDrawnKey} />
      {basemap && (
        <div className="forecast-map__basemap-notice" data-basemap={basemap} role="status">
          {basemap === 'tiles' ? ru.forecastMap.basemapTiles : ru.forecastMap.basemapOffline}
        </div>
      )}
      {driftUnsupported && (drawn.includes('|usi_vsi|') || (previewDrawn?.includes('|usi_vsi|') ?? false)) && (
        <div className="forecast-map__drift-unsupported" role="alert" data-testid="drift-unsupported">
          {ru.particles.unsupported}
        </div>
      )}
      <HoverReadout pointer={pointer} />
    </div>
  );
}
