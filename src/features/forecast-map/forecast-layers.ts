/**
 * deck.gl layer descriptions for what the store shows: the scalar field layer for thickness and
 * concentration, the particle layer for drift. Cheap to rebuild: deck.gl diffs props and the
 * layers keep their GPU textures while the slice object stays the same.
 */
import type { LayersList } from '@deck.gl/core';
import { DEFAULT_ICE_CLASS } from '../../../common/polaris/polaris.ts';
import { sampleRamp } from '../../map/colour-ramps.ts';
import { ParticleLayer } from '../../map/layers/particle-layer/particle-layer.ts';
import { PolarisLayer } from '../../map/layers/polaris-layer/index.ts';
import { ScalarFieldLayer } from '../../map/layers/scalar-field-layer/index.ts';
import { buildLocalFileLayers } from './local-file/local-file-layers.ts';
import { VARIABLE_STYLES } from './forecast-variables.ts';
import type { ForecastMapState } from './store/forecast-map-store.ts';

const SCALAR_LAYER_ID = 'scalar-field';
const DRIFT_LAYER_ID = 'drift-particles';
const POLARIS_LAYER_ID = 'polaris-rio';

/** Drift fields handed to the particle layer, by slice: the same object keeps its GPU texture. */
const driftFields = new WeakMap<object, ConstructorParameters<typeof ParticleLayer>[0]['field']>();

export function buildForecastLayers(
  state: Pick<ForecastMapState, 'field' | 'range'> & Partial<Pick<ForecastMapState, 'iceClass' | 'localField'>>,
  /** Called when the GPU cannot draw the drift particles (no float render targets): say so on the map. */
  onDriftUnsupported?: (reason: string) => void,
): LayersList {
  // A file opened from disk is shown instead of the forecast while it is open.
  if (state.localField) return buildLocalFileLayers(state.localField);
  const { field, range } = state;
  if (!field) return [];
  if (field.kind === 'scalar') {
    return [
      new ScalarFieldLayer({
        id: SCALAR_LAYER_ID,
        field: field.slice,
        grid: field.grid,
        valueRange: range,
        rampBytes: sampleRamp(VARIABLE_STYLES[field.variable].ramp),
      }),
    ];
  }
  if (field.kind === 'polaris') {
    // RIO on the GPU from the two decoded slices; a class change only changes a uniform.
    return [
      new PolarisLayer({
        id: POLARIS_LAYER_ID,
        concentration: field.slice.concentration,
        thickness: field.slice.thickness,
        grid: field.grid,
        iceClass: state.iceClass ?? DEFAULT_ICE_CLASS,
      }),
    ];
  }
  let drift = driftFields.get(field.slice);
  if (!drift) {
    const { data, width, height, maxSpeed } = field.slice;
    drift = { data, width, height, maxSpeed, grid: field.grid };
    driftFields.set(field.slice, drift);
  }
  return [new ParticleLayer({ id: DRIFT_LAYER_ID, field: drift, onUnsupported: onDriftUnsupported })];
}
