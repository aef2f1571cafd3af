/**
 * A deck.gl layer drawing one lead-time slice of a scalar field on a regular latitude/longitude grid,
 * in Web Mercator and on the globe. The slice is uploaded once as an r32float texture; the fragment shader
 * finds each pixel's latitude/longitude from its own position and colours the cell through a ramp texture.
 * NaN cells are transparent; valid cells get alpha 200/255 times the layer's opacity (0.7 by default).
 */
import { Layer, project32, type DefaultProps, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import fs from '../../../../shaders/scalar-field/scalar-field.frag.glsl?raw';
import vs from '../../../../shaders/scalar-field/scalar-field.vert.glsl?raw';
import type { RegularGrid } from '../../../../workers/forecast.api.ts';
import { iceRamp, RAMP_SIZE, sampleRamp } from '../../colour-ramps.ts';
import { createGridMesh, gridExtent, type GridMesh } from './grid-mesh.ts';
import { scalarFieldUniforms, type ScalarFieldUniformProps } from './scalar-field-uniforms.ts';

/** Alpha of valid cells before the layer's opacity: 200 of 255. */
export const VALID_CELL_ALPHA = 200 / 255;

/** Row-major values, `height` rows of `width` columns, NaN where missing (e.g. the worker's ScalarSlice). */
export interface FieldValues {
  data: Float32Array;
  width: number;
  height: number;
}

type _ScalarFieldLayerProps = {
  /**
   * The slice to draw; its width and height must equal the grid's nlon and nlat. Pass the same object to
   * keep the texture (compared by identity): a new object uploads again.
   * @default null
   */
  field: FieldValues | null;
  /**
   * Where the cells are: cell (i, j) is centred at lon0 + i*dlon, lat0 + j*dlat (degrees).
   * @default null
   */
  grid: RegularGrid | null;
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
  // A ground overlay: no depth test. On the globe the mesh's flat triangles dip up to ~250 m below the sphere
  // MapLibre draws (1° chords), so a depth test hides them behind the basemap; back faces are culled instead,
  // which keeps the far side of the globe out (the mesh winds counter-clockwise seen from above).
  parameters: {
    type: 'object',
    value: { depthCompare: 'always', depthWriteEnabled: false, cullMode: 'back' },
    compare: 2,
  },
};

interface ScalarFieldLayerState {
  model?: Model;
  fieldTexture?: Texture;
  rampTexture?: Texture;
  /** Whether the current mesh was built for the globe (Mercator clamps it to ±85.05°). */
  meshForGlobe?: boolean;
  [key: string]: unknown;
}

export class ScalarFieldLayer extends Layer<Required<_ScalarFieldLayerProps> & LayerProps> {
  static layerName = 'ScalarFieldLayer';
  static defaultProps = defaultProps;

  declare state: ScalarFieldLayerState;

  getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, scalarFieldUniforms] });
  }

  initializeState(): void {
    this.state.model = new Model(this.context.device, {
      ...this.getShaders(),
      id: `${this.props.id}-model`,
      bufferLayout: [{ name: 'positions', format: 'float32x3' }],
      topology: 'triangle-list',
      vertexCount: 0,
    });
  }

  /** The mesh depends on the projection (Mercator stops at 85.05°N), so re-check when the view changes. */
  shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    return changeFlags.propsOrDataChanged || changeFlags.viewportChanged;
  }

  updateState({ props, oldProps }: UpdateParameters<this>): void {
    const globe = this.isGlobe();
    if (props.grid !== oldProps.grid || globe !== this.state.meshForGlobe) {
      this.setMesh(props.grid ? createGridMesh(gridExtent(props.grid), globe) : null);
      this.state.meshForGlobe = globe;
    }
    if (props.field !== oldProps.field) this.uploadField(props.field);
    if (props.rampBytes !== oldProps.rampBytes) this.uploadRamp(props.rampBytes);
  }

  finalizeState(context: Parameters<Layer['finalizeState']>[0]): void {
    super.finalizeState(context);
    this.state.fieldTexture?.destroy();
    this.state.rampTexture?.destroy();
    this.state.model?.destroy();
  }

  draw(): void {
    const { model, fieldTexture, rampTexture } = this.state;
    const { grid, field, valueRange } = this.props;
    if (!model || !fieldTexture || !rampTexture || !grid || !field) return;
    if (field.width !== grid.nlon || field.height !== grid.nlat) return;
    const uniforms: ScalarFieldUniformProps = {
      grid: [grid.lon0, grid.lat0, grid.dlon, grid.dlat],
      gridSize: [grid.nlon, grid.nlat],
      valueRange: [valueRange[0], valueRange[1]],
      validAlpha: VALID_CELL_ALPHA,
      opacity: this.props.opacity,
      rampSize: rampTexture.width,
      globe: this.isGlobe() ? 1 : 0,
      fieldTexture,
      rampTexture,
    };
    model.shaderInputs.setProps({ scalarField: uniforms });
    model.draw(this.context.renderPass);
  }

  /** deck.gl's globe viewport tessellates at a `resolution`; the Mercator viewport has none. */
  private isGlobe(): boolean {
    return 'resolution' in this.context.viewport && Boolean((this.context.viewport as { resolution?: number }).resolution);
  }

  private setMesh(mesh: GridMesh | null): void {
    const model = this.state.model;
    if (!model) return;
    if (!mesh || mesh.vertexCount === 0) {
      model.setVertexCount(0);
      return;
    }
    model.setGeometry(
      new Geometry({
        topology: 'triangle-list',
        attributes: { positions: { size: 3, value: mesh.positions } },
        indices: mesh.indices,
        vertexCount: mesh.vertexCount,
      }),
    );
    model.setVertexCount(mesh.vertexCount);
  }

  /** One upload per slice; texelFetch in the shader needs no filtering (nearest, exact cells). */
  private uploadField(field: FieldValues | null): void {
    this.state.fieldTexture?.destroy();
    this.state.fieldTexture = undefined;
    if (!field) return;
    const texture = this.context.device.createTexture({
      id: `${this.props.id}-field`,
      format: 'r32float',
      width: field.width,
      height: field.height,
      sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
    });
    texture.writeData(field.data);
    this.state.fieldTexture = texture;
  }

  private uploadRamp(bytes: Uint8Array): void {
    this.state.rampTexture?.destroy();
    const texture = this.context.device.createTexture({
      id: `${this.props.id}-ramp`,
      format: 'rgba8unorm',
      width: bytes.length / 4 || RAMP_SIZE,
      height: 1,
      sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
    });
    texture.writeData(bytes);
    this.state.rampTexture = texture;
  }
}
