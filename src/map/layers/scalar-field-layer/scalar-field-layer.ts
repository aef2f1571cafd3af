/**
 * A deck.gl layer drawing one lead-time slice of a scalar field on a regular latitude/longitude grid,
 * in Web Mercator and on the globe. The slice is uploaded once as an r32float texture; the fragment shader
 * finds each pixel's latitude/longitude from its own position and colours the cell through a ramp texture.
 * NaN cells are transparent; valid cells get alpha 200/255 times the layer's opacity (0.7 by default).
 */
import type { DefaultProps, LayerProps, UpdateParameters } from '@deck.gl/core';
import fs from './scalar-field.frag.glsl?raw';
import type { FieldGrid } from '../../../../common/field-grid.ts';
import { iceRamp, RAMP_SIZE, sampleRamp } from '../../colour-ramps.ts';
import { groundOverlayParameters, type FieldValues } from '../grid-field/grid-field.ts';
import { GridFieldLayer } from '../grid-field/grid-field-layer.ts';
import { scalarFieldUniforms, type ScalarFieldUniformProps } from './scalar-field-uniforms.ts';

type _ScalarFieldLayerProps = {
  /**
   * The slice to draw; its width and height must equal the grid's nlon and nlat. Pass the same object to
   * keep the texture (compared by identity): a new object uploads again.
   * @default null
   */
  field: FieldValues | null;
  /**
   * Where the cells are: cell (i, j) is centred at lon0 + i*dlon, lat0 + j*dlat (degrees), or on a polar
   * stereographic grid at x0 + i*dx, y0 + j*dy of its plane (metres; common/field-grid.ts).
   * @default null
   */
  grid: FieldGrid | null;
  /**
   * Values mapped to the ramp's first and last colour (clamped beyond).
   * @default [0, 1]
   */
  valueRange: readonly [number, number];
  /**
   * RGBA8 bytes of the colour ramp, evenly spaced from min to max (see sampleRamp()).
   * @default the 'ice' ramp
   */
  rampBytes: Uint8Array;
};

export type ScalarFieldLayerProps = _ScalarFieldLayerProps & LayerProps;

const defaultProps: DefaultProps<ScalarFieldLayerProps> = {
  field: { type: 'object', value: null, compare: false },
  grid: { type: 'object', value: null, compare: true },
  valueRange: { type: 'array', value: [0, 1], compare: true },
  rampBytes: { type: 'object', value: sampleRamp(iceRamp), compare: false },
  opacity: { type: 'number', min: 0, max: 1, value: 0.7 },
  parameters: groundOverlayParameters,
};

export class ScalarFieldLayer extends GridFieldLayer<Required<_ScalarFieldLayerProps> & LayerProps> {
  static layerName = 'ScalarFieldLayer';
  static defaultProps = defaultProps;

  protected readonly sliceProps = ['field'] as const;

  protected fragment() {
    return { fs, uniforms: scalarFieldUniforms };
  }

  updateState(params: UpdateParameters<this>): void {
    super.updateState(params);
    const { props, oldProps } = params;
    if (props.rampBytes !== oldProps.rampBytes) this.uploadRamp(props.rampBytes);
  }

  draw(): void {
    const ready = this.drawable();
    const rampTexture = this.texture('ramp');
    if (!ready || !rampTexture) return;
    const { valueRange } = this.props;
    const uniforms: ScalarFieldUniformProps = {
      ...ready.uniforms,
      valueRange: [valueRange[0], valueRange[1]],
      rampSize: rampTexture.width,
      fieldTexture: ready.textures.field,
      rampTexture,
    };
    this.drawMesh({ scalarField: uniforms });
  }

  private uploadRamp(bytes: Uint8Array): void {
    const texture = this.context.device.createTexture({
      id: `${this.props.id}-ramp`,
      format: 'rgba8unorm',
      width: bytes.length / 4 || RAMP_SIZE,
      height: 1,
      sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
    });
    texture.writeData(bytes);
    this.setTexture('ramp', texture);
  }
}
