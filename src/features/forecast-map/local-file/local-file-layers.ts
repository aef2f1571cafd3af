/** The deck.gl layer for a local file's field: the same scalar field layer the forecast uses. */
import type { LayersList } from '@deck.gl/core';
import { sampleRamp } from '../../../map/colour-ramps.ts';
import { ScalarFieldLayer } from '../../../map/layers/scalar-field-layer/index.ts';
import type { LocalField } from '../../../../workers/forecast.api.ts';
import { localRamp, localRange } from './local-ramps.ts';

export const LOCAL_LAYER_ID = 'local-file-field';

/** Ramp bytes per ramp object, so a redraw does not resample. */
const rampBytes = new WeakMap<object, Uint8Array>();

export function buildLocalFileLayers(field: LocalField): LayersList {
  const ramp = localRamp(field);
  let bytes = rampBytes.get(ramp);
  if (!bytes) {
    bytes = sampleRamp(ramp);
    rampBytes.set(ramp, bytes);
  }
  return [new ScalarFieldLayer({ id: LOCAL_LAYER_ID, field, grid: field.grid, valueRange: localRange(field), rampBytes: bytes })];
}
