/** The scalar field layer's uniform block (../uniform-block.ts) and texture bindings (a luma.gl shader module). */
import type { Texture } from '@luma.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';
import { uniformModule } from '../uniform-block.ts';

export type ScalarFieldUniformProps = {
  /** lon0, lat0 (centre of cell 0,0) and dlon, dlat, degrees; on a polar grid x0, y0, dx, dy, metres. */
  grid: [number, number, number, number];
  /** nlon, nlat (nx, ny): texture width and height. */
  gridSize: [number, number];
  /** A polar stereographic grid's projection ([cos lon0, sin lon0, e, scale m]), all 0 for a lat/lon grid (grid-field.ts). */
  polar: [number, number, number, number];
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
