/**
 * The uniform blocks of the particle passes, declared as the scalar field's are (../uniform-block.ts): the
 * member list here is the only one, the GLSL block is generated from it. Textures are bound separately
 * (setBindings).
 */
import type { ShaderModule } from '@luma.gl/shadertools';
import { uniformModule } from '../uniform-block.ts';
import type { GridUniformProps } from '../grid-field/grid-field.ts';

export type ParticleUpdateProps = GridUniformProps & {
  /** minLon°, minLat°, maxLon°, maxLat° of the visible map */
  viewBounds: [number, number, number, number];
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

export const particleUpdateUniforms = uniformModule('particleUpdate', {
  grid: 'vec4<f32>',
  polar: 'vec4<f32>',
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
}) satisfies ShaderModule<ParticleUpdateProps>;

export type ParticleDrawProps = {
  /** alpha of a fresh segment */
  opacity: number;
};

export const particleDrawUniforms = uniformModule('particleDraw', { opacity: 'f32' }) satisfies ShaderModule<ParticleDrawProps>;

export type ParticleFadeProps = {
  /** fraction of a trail kept per step */
  fadeOpacity: number;
};

export const particleFadeUniforms = uniformModule('particleFade', { fadeOpacity: 'f32' }) satisfies ShaderModule<ParticleFadeProps>;

export type ParticleCompositeProps = {
  /** the layer's opacity */
  opacity: number;
};

export const particleCompositeUniforms = uniformModule('particleComposite', { opacity: 'f32' }) satisfies ShaderModule<ParticleCompositeProps>;
