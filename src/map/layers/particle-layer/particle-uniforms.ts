/**
 * The uniform blocks of the particle passes. Each block is declared in its .glsl file (shaders/particles/);
 * these modules tell luma.gl the same members in the same order so it can lay out the std140 buffer, bound
 * as `<name>Uniforms`. Textures are bound separately (setBindings).
 */
import type { ShaderModule } from '@luma.gl/shadertools';

export type ParticleUpdateProps = {
  /** lon0°, dlon°, lat0°, dlat° */
  grid: [number, number, number, number];
  /** minLon°, minLat°, maxLon°, maxLat° of the visible map */
  viewBounds: [number, number, number, number];
  /** nlon, nlat */
  gridSize: [number, number];
  /** 1 when the grid's columns go all the way round */
  globalLon: number;
  /** valid cells in the respawn list */
  respawnCount: number;
  /** seconds of drift per step */
  stepSeconds: number;
  /** steps a particle lives */
  maxAge: number;
  /** an integer below 2^24, new every step */
  randomSeed: number;
  /** 1: respawn every particle */
  reset: number;
  /** m/s at speed fraction 1 (the ramp's last colour) */
  maxSpeed: number;
  /** 1: particles live only in viewBounds */
  useViewBounds: number;
};

export const particleUpdateUniforms = {
  name: 'particleUpdate',
  uniformTypes: {
    grid: 'vec4<f32>',
    viewBounds: 'vec4<f32>',
    gridSize: 'vec2<f32>',
    globalLon: 'f32',
    respawnCount: 'f32',
    stepSeconds: 'f32',
    maxAge: 'f32',
    randomSeed: 'f32',
    reset: 'f32',
    maxSpeed: 'f32',
    useViewBounds: 'f32',
  },
} as const satisfies ShaderModule<ParticleUpdateProps>;

export type ParticleDrawProps = {
  /** alpha of a fresh segment */
  opacity: number;
};

export const particleDrawUniforms = {
  name: 'particleDraw',
  uniformTypes: { opacity: 'f32' },
} as const satisfies ShaderModule<ParticleDrawProps>;

export type ParticleFadeProps = {
  /** fraction of a trail kept per step */
  fadeOpacity: number;
};

export const particleFadeUniforms = {
  name: 'particleFade',
  uniformTypes: { fadeOpacity: 'f32' },
} as const satisfies ShaderModule<ParticleFadeProps>;

export type ParticleCompositeProps = {
  /** the layer's opacity */
  opacity: number;
};

export const particleCompositeUniforms = {
  name: 'particleComposite',
  uniformTypes: { opacity: 'f32' },
} as const satisfies ShaderModule<ParticleCompositeProps>;
