/**
 * Test and benchmark code only: the particle layer's current state read back from the GPU and decoded.
 * Slow (a synchronous readback and a loop over particles); never per frame, never in the app.
 */
import type { ParticleLayer } from '../../src/map/layers/particle-layer/particle-layer.ts';
import { unitVectorToLonLat } from '../../src/map/layers/particle-layer/geo-step.ts';

/** [lon°, lat°, age in steps, speed m/s] per particle, or null before the layer has particles. */
export function readParticles(layer: ParticleLayer): Float64Array | null {
  const { particles, particleCount } = layer.state;
  const field = layer.props.field;
  if (!particles || !field) return null;
  const raw = new Float32Array(particles.front.readDataSyncWebGL() as ArrayBuffer);
  const out = new Float64Array(particleCount * 4);
  for (let k = 0; k < particleCount; k++) {
    const [lon, lat] = unitVectorToLonLat(raw[4 * k], raw[4 * k + 1], raw[4 * k + 2]);
    const age = Math.floor(raw[4 * k + 3]);
    out.set([lon, lat, age, (raw[4 * k + 3] - age) * field.maxSpeed], 4 * k);
  }
  return out;
}
