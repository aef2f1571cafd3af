/** 'Вероятность льда' on the map: the scalar field layer over the probability, its own ramp, range [0, 1]. */
import type { Layer } from '@deck.gl/core';
import { sampleRamp } from '../../../map/colour-ramps.ts';
import { ScalarFieldLayer } from '../../../map/layers/scalar-field-layer/index.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { PROBABILITY_RANGE, probabilityRamp } from './probability-field.ts';

const PROBABILITY_LAYER_ID = 'ice-probability';
const RAMP_BYTES = sampleRamp(probabilityRamp);

export function buildProbabilityLayers(state: Pick<ForecastMapState, 'mode' | 'probability'>): Layer[] {
  const probability = state.probability;
  if (state.mode !== 'probability' || probability === null || probability === 'none') return [];
  return [
    new ScalarFieldLayer({
      id: PROBABILITY_LAYER_ID,
      field: probability.slice,
      grid: probability.grid,
      valueRange: PROBABILITY_RANGE,
      rampBytes: RAMP_BYTES,
    }),
  ];
}
