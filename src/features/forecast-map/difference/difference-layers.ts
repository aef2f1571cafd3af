/** 'Разность' on the map: the scalar field layer over the difference, diverging ramp, range [−m, +m]. */
import type { Layer } from '@deck.gl/core';
import { differenceRamp, sampleRamp } from '../../../map/colour-ramps.ts';
import { ScalarFieldLayer } from '../../../map/layers/scalar-field-layer/index.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { differenceRange } from './difference-math.ts';

const DIFFERENCE_LAYER_ID = 'difference-field';
const RAMP_BYTES = sampleRamp(differenceRamp);


export function buildDifferenceLayers(state: Pick<ForecastMapState, 'mode' | 'difference'>): Layer[] {
  const difference = state.difference;
  if (state.mode !== 'difference' || difference === null || difference === 'none') return [];
  return [
    new ScalarFieldLayer({
      id: DIFFERENCE_LAYER_ID,
      field: difference.slice,
      grid: difference.grid,
      valueRange: differenceRange(difference.m),
      rampBytes: RAMP_BYTES,
    }),
  ];
}
