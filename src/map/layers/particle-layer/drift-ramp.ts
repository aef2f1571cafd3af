/**
 * The particles' speed colours: the map's shared drift ramp (src/map/colour-ramps.ts: blue, cyan, green,
 * yellow, red from 0 to the slice's maximum speed), sampled into the bytes the shader's ramp texture holds,
 * so the legend (which reads the same `driftRamp`) shows exactly what the particles are painted with.
 */
import { driftRamp, RAMP_SIZE, sampleRamp } from '../../colour-ramps.ts';

export { driftRamp };

/** RGBA bytes of the 256 × 1 ramp texture (texel k is speed k/255 × maxSpeed). */
export function driftRampBytes(): Uint8Array {
  return sampleRamp(driftRamp, RAMP_SIZE);
}
