/**
 * The POLARIS layer's uniform block (../uniform-block.ts) and texture bindings (a luma.gl shader module), and how a ship ice class
 * becomes uniforms: its Table 1.1 row and the thickness bin edges from common/polaris.
 */
import type { Texture } from '@luma.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';
import { RIV_TABLE, specialBelow, THICKNESS_EDGES_M, type IceClass } from '../../../../common/polaris/polaris.ts';
import { uniformModule } from '../uniform-block.ts';
import { CATEGORY_COLOURS, type Rgb } from './polaris-colours.ts';
import type { GridUniformProps } from '../grid-field/grid-field.ts';

type Vec4 = [number, number, number, number];

export type PolarisUniformProps = GridUniformProps & {
  /** Risk Index Values of the class, ice free first (Table 1.1 columns 0–3, 4–7, 8–11). */
  riv0: Vec4;
  riv1: Vec4;
  riv2: Vec4;
  /** Lower thickness edges (m) of ice types 2…11; unused slots are 1e30 (never reached). */
  edge0: Vec4;
  edge1: Vec4;
  edge2: Vec4;
  /** Category colours, RGB 0…1 (alpha unused). */
  normalColour: Vec4;
  elevatedColour: Vec4;
  specialColour: Vec4;
  /** RIO below this is special consideration (−10 for PC1–PC7, 0 below PC7). */
  specialBelow: number;
  /** Alpha of valid cells before the opacity (200/255, as the scalar layer). */
  validAlpha: number;
  /** Linear opacity as given (deck.gl's own layer.opacity is gamma-adjusted). */
  opacity: number;
  /** 1 on the globe, 0 in Web Mercator. */
  globe: number;
  concentrationTexture: Texture;
  thicknessTexture: Texture;
};

// The 12 RIVs and the 10 edges are packed as three vec4 each: a std140 `float[12]` would pad every element to
// 16 bytes anyway, and luma.gl 9.4's uniformTypes have no array type.
export const polarisUniforms = uniformModule('polaris', {
  grid: 'vec4<f32>',
  polar: 'vec4<f32>',
  riv0: 'vec4<f32>',
  riv1: 'vec4<f32>',
  riv2: 'vec4<f32>',
  edge0: 'vec4<f32>',
  edge1: 'vec4<f32>',
  edge2: 'vec4<f32>',
  normalColour: 'vec4<f32>',
  elevatedColour: 'vec4<f32>',
  specialColour: 'vec4<f32>',
  gridSize: 'vec2<f32>',
  specialBelow: 'f32',
  validAlpha: 'f32',
  opacity: 'f32',
  globe: 'f32',
}) satisfies ShaderModule<PolarisUniformProps>;

const NEVER = 1e30;
const colour = ([r, g, b]: Rgb): Vec4 => [r / 255, g / 255, b / 255, 1];

/** The class-dependent uniforms: the RIV row, the bin edges, the criterion and the colours. */
export function classUniforms(iceClass: IceClass) {
  const row = RIV_TABLE[iceClass];
  const edges = [...THICKNESS_EDGES_M, NEVER, NEVER];
  return {
    riv0: row.slice(0, 4) as Vec4,
    riv1: row.slice(4, 8) as Vec4,
    riv2: row.slice(8, 12) as Vec4,
    edge0: edges.slice(0, 4) as Vec4,
    edge1: edges.slice(4, 8) as Vec4,
    edge2: edges.slice(8, 12) as Vec4,
    normalColour: colour(CATEGORY_COLOURS.normal),
    elevatedColour: colour(CATEGORY_COLOURS.elevated),
    specialColour: colour(CATEGORY_COLOURS.special),
    specialBelow: specialBelow(iceClass),
  } satisfies Partial<PolarisUniformProps>;
}
