/** The scalar field layer's uniform block (../uniform-block.ts) and texture bindings (a luma.gl shader module). */
import type { Texture } from '@luma.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';
import { uniformModule } from '../uniform-block.ts';
import type { GridUniformProps } from '../grid-field/grid-field.ts';

export type ScalarFieldUniformProps = GridUniformProps & {
  /** Values mapped to the first and last ramp colour. */
  valueRange: [number, number];
  /** Alpha of valid cells before the layer's opacity (200/255). */
  validAlpha: number;
  /** The layer's opacity as given (deck.gl's own layer.opacity uniform is gamma-adjusted: opacity^(1/2.2)). */
  opacity: number;
  /** Texels in the ramp texture. */
  rampSize: number;
  /** 1 when deck.gl draws a globe (common space is 3-D), 0 for Web Mercator. */
  globe: number;
  fieldTexture: Texture;
  rampTexture: Texture;
};

export const scalarFieldUniforms = uniformModule('scalarField', {
  grid: 'vec4<f32>',
  polar: 'vec4<f32>',
  gridSize: 'vec2<f32>',
  valueRange: 'vec2<f32>',
  validAlpha: 'f32',
  opacity: 'f32',
  rampSize: 'f32',
  globe: 'f32',
}) satisfies ShaderModule<ScalarFieldUniformProps>;
