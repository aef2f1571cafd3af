/**
 * The colours the map's shaders paint, predicted on the CPU from the same ramp bytes they sample: what unit tests
 * and browser journeys expect to read back from the screen.
 */
import { normaliseValue, RAMP_SIZE, sampleRamp, type ColourRamp, type Rgb } from '../map/colour-ramps.ts';
import { driftRampBytes } from '../map/layers/particle-layer/drift-ramp.ts';

/** The colour the scalar shader gives `value` for `range`: the texel it samples (nearest), as the GPU picks it. */
export function colourForValue(ramp: ColourRamp, value: number, range: readonly [number, number], size = RAMP_SIZE): Rgb {
  const bytes = sampleRamp(ramp, size);
  const t = normaliseValue(value, range);
  // Texel centres sit at (k + 0.5) / size; the shader samples at t * (size - 1) / size + 0.5 / size.
  const k = Math.round(t * (size - 1));
  return [bytes[k * 4], bytes[k * 4 + 1], bytes[k * 4 + 2]];
}

/** The colour a particle moving at `speed` m/s gets when the slice's largest speed is `maxSpeed` m/s. */
export function driftColour(speed: number, maxSpeed: number): Rgb {
  const bytes = driftRampBytes();
  const t = maxSpeed > 0 ? Math.min(1, Math.max(0, speed / maxSpeed)) : 0;
  const k = Math.round(t * (RAMP_SIZE - 1));
  return [bytes[4 * k], bytes[4 * k + 1], bytes[4 * k + 2]];
}
