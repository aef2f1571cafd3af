/**
 * A deck.gl layer drawing the IMO POLARIS Risk Index Outcome of one lead time for a ship ice class,
 * coloured by the operational criteria (green normal, amber elevated, red special consideration). RIO is
 * computed per pixel on the GPU from the concentration and thickness slices the page already decoded, each
 * uploaded once as an r32float texture; a class change only changes uniforms (no upload, no new request).
 *
 * Structure as the scalar field layer's (same mesh, same per-fragment cell lookup, same vertex shader):
 * the mesh when the grid or projection changes, a texture when its slice object changes (both in GridFieldLayer);
 * `draw` sets uniforms.
 */
import type { DefaultProps, LayerProps } from '@deck.gl/core';
import fs from './polaris.frag.glsl?raw';
import { DEFAULT_ICE_CLASS, type IceClass } from '../../../../common/polaris/polaris.ts';
import type { FieldGrid } from '../../../../common/field-grid.ts';
import { groundOverlayParameters, type FieldValues } from '../grid-field/grid-field.ts';
import { GridFieldLayer } from '../grid-field/grid-field-layer.ts';
import { classUniforms, polarisUniforms, type PolarisUniformProps } from './polaris-uniforms.ts';

type _PolarisLayerProps = {
  /**
   * Sea-ice concentration (fraction 0…1) of the lead, the grid's size; the same object keeps its texture.
   * @default null
   */
  concentration: FieldValues | null;
  /**
   * Sea-ice thickness (m) of the same lead; the same object keeps its texture.
   * @default null
   */
  thickness: FieldValues | null;
  /**
   * Where the cells are: cell (i, j) is centred at lon0 + i*dlon, lat0 + j*dlat (degrees), or on a polar
   * stereographic grid at x0 + i*dx, y0 + j*dy of its plane (metres; common/field-grid.ts).
   * @default null
   */
  grid: FieldGrid | null;
  /**
   * The ship's ice class: picks the Table 1.1 row and the criteria.
   * @default 'PC7'
   */
  iceClass: IceClass;
};

export type PolarisLayerProps = _PolarisLayerProps & LayerProps;

const defaultProps: DefaultProps<PolarisLayerProps> = {
  concentration: { type: 'object', value: null, compare: false },
  thickness: { type: 'object', value: null, compare: false },
  grid: { type: 'object', value: null, compare: true },
  iceClass: DEFAULT_ICE_CLASS,
  opacity: { type: 'number', min: 0, max: 1, value: 0.7 },
  parameters: groundOverlayParameters,
};

export class PolarisLayer extends GridFieldLayer<Required<_PolarisLayerProps> & LayerProps> {
  static layerName = 'PolarisLayer';
  static defaultProps = defaultProps;

  protected readonly sliceProps = ['concentration', 'thickness'] as const;

  protected fragment() {
    return { fs, uniforms: polarisUniforms };
  }

  draw(): void {
    const ready = this.drawable();
    if (!ready) return;
    const uniforms: PolarisUniformProps = {
      ...ready.uniforms,
      ...classUniforms(this.props.iceClass),
      concentrationTexture: ready.textures.concentration,
      thicknessTexture: ready.textures.thickness,
    };
    this.drawMesh({ polaris: uniforms });
  }
}
