import { describe, expect, it } from 'vitest';
import { defaultParticleCount, MAX_PARTICLES, MIN_PARTICLES, stateTextureSize } from './particle-count.ts';

describe('particle count', () => {
  it('is ten times the density of leaflet-velocity (width*height/300) by default', () => {
    expect(defaultParticleCount(1280, 800)).toBe(Math.round((1280 * 800) / 30));
    expect(defaultParticleCount(2560, 1600)).toBe(Math.round((2560 * 1600) / 30));
    expect(defaultParticleCount(1280, 800)).toBeGreaterThanOrEqual(10 * Math.round((1280 * 800) / 300));
  });

  it('stays within bounds for tiny and huge viewports', () => {
    expect(defaultParticleCount(0, 0)).toBe(MIN_PARTICLES);
    expect(defaultParticleCount(20000, 20000)).toBe(MAX_PARTICLES);
  });

  it('packs the state into a near-square texture with room for every particle', () => {
    for (const n of [1, 2, 1000, 34133, MAX_PARTICLES]) {
      const [w, h] = stateTextureSize(n);
      expect(w * h).toBeGreaterThanOrEqual(n);
      expect(w * h - n).toBeLessThan(w);
    }
  });
});
