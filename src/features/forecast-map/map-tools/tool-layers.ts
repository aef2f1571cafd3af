/** The tools' deck.gl layers, drawn above the field (edges now; the point and trajectory markers join here). */
import type { Layer, LayersList } from '@deck.gl/core';
import { buildDifferenceLayers } from '../difference/difference-layers.ts';
import { VARIABLE_STYLES } from '../forecast-variables.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { buildEdgeLayers } from '../ice-edge/edge-layers.ts';
import { buildPointLayers } from '../point-panel/point-layers.ts';
import { buildTrajectoryLayers } from '../trajectory/trajectory-layers.ts';
import { buildProbabilityLayers } from '../ice-probability/probability-layers.ts';

export function buildToolLayers(state: ForecastMapState): Layer[] {
  return [...buildEdgeLayers(state), ...buildTrajectoryLayers(state), ...buildPointLayers(state)];
}

/**
 * The field layers: in 'Разность' mode for thickness or concentration, the difference (or nothing while it is
 * made or when it cannot be); in 'Вероятность льда' mode the probability (whatever the variable); otherwise what
 * `fieldLayers` gives (the forecast's own layers).
 */
export function buildFieldOrDifference(state: ForecastMapState, fieldLayers: () => LayersList): LayersList {
  if (state.mode === 'difference' && VARIABLE_STYLES[state.variable].kind === 'scalar') return buildDifferenceLayers(state);
  if (state.mode === 'probability') return buildProbabilityLayers(state);
  return fieldLayers();
}

/** Whether a store change touches what the tool layers draw. */
export function toolLayersChanged(state: ForecastMapState, previous: ForecastMapState): boolean {
  return (
    state.iceEdge !== previous.iceEdge ||
    state.edges !== previous.edges ||
    state.assimilated !== previous.assimilated ||
    state.point !== previous.point ||
    state.trajectoryResult !== previous.trajectoryResult ||
    state.mode !== previous.mode ||
    state.difference !== previous.difference ||
    state.probability !== previous.probability ||
    state.variable !== previous.variable
  );
}
