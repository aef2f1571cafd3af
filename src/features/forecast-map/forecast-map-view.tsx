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
import { useForecastMap, useForecastMapStore } from './store/store-context.ts';

export interface ForecastMapViewProps {
  projection?: MapProjection;
}

export function ForecastMapView({ projection = 'globe' }: ForecastMapViewProps) {
  const store = useForecastMapStore();
  const containerRef = useRef<HTMLDivElement>(null);
  const [basemap, setBasemap] = useState<BasemapKind | null>(null);
  const [pointer, setPointer] = useState<PointerPosition | null>(null);
  // Set when the particle layer reports that this GPU cannot draw drift (issue 6).
  const [driftUnsupported, setDriftUnsupported] = useState(false);
  // What the layers were given ('<file>|<variable>|<lead>', or 'none'), for tests and the benchmark to wait on.
  const drawn = useForecastMap((state) => (state.field ? `${state.field.fileKey}|${state.field.variable}|${state.field.lead}` : 'none'));
  // The local file shown instead (issue 10): '<key>|<variable>|<time>' or 'none'.
  const localDrawn = useForecastMap((state) => (state.localField ? `${state.localKey}|${state.localVariable}|${state.localTime}` : 'none'));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = new ForecastMap({ container, projection, onBasemapChange: setBasemap, onPointer: setPointer });
    const onDriftUnsupported = () => setDriftUnsupported(true);
    map.setLayers(buildForecastLayers(store.getState(), onDriftUnsupported));
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.field !== previous.field || state.range !== previous.range || state.localField !== previous.localField) {
        map.setLayers(buildForecastLayers(state, onDriftUnsupported));
      }
    });
    return () => {
      unsubscribe();
      map.destroy();
    };
  }, [store, projection]);

  return (
    <div className="forecast-map">
      <div ref={containerRef} className="forecast-map__canvas" data-testid="forecast-map" data-drawn={drawn} data-local-drawn={localDrawn} />
      {basemap && (
        <div className="forecast-map__basemap-notice" data-basemap={basemap} role="status">
          {basemap === 'tiles' ? ru.forecastMap.basemapTiles : ru.forecastMap.basemapOffline}
        </div>
      )}
      {driftUnsupported && drawn.includes('|usi_vsi|') && (
        <div className="forecast-map__drift-unsupported" role="alert" data-testid="drift-unsupported">
          {ru.particles.unsupported}
        </div>
      )}
      <HoverReadout pointer={pointer} />
    </div>
  );
}
