/**
 * How many particles to animate when the page does not say. leaflet-velocity (the current tool) animates
 * width × height / 300 particles (CSS pixels); the GPU layer aims for ten times that density.
 */

/** Particles per CSS pixel² by default: 10 × leaflet-velocity's 1/300. */
const DEFAULT_PARTICLE_DENSITY = 1 / 30;
/** Bounds on the adaptive count: fewer looks empty, more than 2^20 costs memory for nothing visible. */
export const MIN_PARTICLES = 1024;
export const MAX_PARTICLES = 1 << 20;

/** The default particle count for a viewport of width × height CSS pixels. */
export function defaultParticleCount(width: number, height: number): number {
  const n = Math.round(Math.max(0, width) * Math.max(0, height) * DEFAULT_PARTICLE_DENSITY);
  return Math.min(MAX_PARTICLES, Math.max(MIN_PARTICLES, n));
}

/** Particle-state texture size: near-square, width × height ≥ count. */
export function stateTextureSize(count: number): [width: number, height: number] {
  const width = Math.max(1, Math.ceil(Math.sqrt(count)));
  return [width, Math.max(1, Math.ceil(count / width))];
}
