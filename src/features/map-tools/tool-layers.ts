/** The tools' deck.gl layers, drawn above the field (edges now; the point and trajectory markers join here). */
import type { Layer } from '@deck.gl/core';
import type { ForecastMapState } from '../forecast-map/store/forecast-map-store.ts';
import { buildEdgeLayers } from '../ice-edge/edge-layers.ts';
import { buildPointLayers } from '../point-panel/point-layers.ts';

export function buildToolLayers(state: ForecastMapState): Layer[] {
  return [...buildEdgeLayers(state), ...buildPointLayers(state)];
}

/** Whether a store change touches what the tool layers draw. */
export function toolLayersChanged(state: ForecastMapState, previous: ForecastMapState): boolean {
  return (
    state.iceEdge !== previous.iceEdge ||
    state.edges !== previous.edges ||
    state.assimilated !== previous.assimilated ||
    state.point !== previous.point
  );
}
