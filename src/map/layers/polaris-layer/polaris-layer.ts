/**
 * A deck.gl layer drawing the IMO POLARIS Risk Index Outcome of one lead time for a ship ice class (issue 12),
 * coloured by the operational criteria (green normal, amber elevated, red special consideration). RIO is
 * computed per pixel on the GPU from the concentration and thickness slices the page already decoded, each
 * uploaded once as an r32float texture; a class change only changes uniforms (no upload, no new request).
 *
 * Structure as the scalar field layer's (same mesh, same per-fragment cell lookup, same vertex shader):
 * the mesh when the grid or projection changes, a texture when its slice object changes; `draw` sets uniforms.
 */
import { Layer, project32, type DefaultProps, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import fs from '../../../../shaders/polaris/polaris.frag.glsl?raw';
import vs from '../../../../shaders/scalar-field/scalar-field.vert.glsl?raw';
import { DEFAULT_ICE_CLASS, type IceClass } from '../../../../common/polaris/polaris.ts';
import type { RegularGrid } from '../../../../workers/forecast.api.ts';
import { createGridMesh, gridExtent, type GridMesh } from '../scalar-field-layer/grid-mesh.ts';
import { VALID_CELL_ALPHA, type FieldValues } from '../scalar-field-layer/scalar-field-layer.ts';
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
   * Where the cells are: cell (i, j) is centred at lon0 + i*dlon, lat0 + j*dlat (degrees).
   * @default null
   */
  grid: RegularGrid | null;
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
  // A ground overlay, as the scalar field layer: no depth test, back faces culled (see that layer for why).
  parameters: {
    type: 'object',
    value: { depthCompare: 'always', depthWriteEnabled: false, cullMode: 'back' },
    compare: 2,
  },
};

interface PolarisLayerState {
  model?: Model;
  concentrationTexture?: Texture;
  thicknessTexture?: Texture;
  meshForGlobe?: boolean;
  [key: string]: unknown;
}

export class PolarisLayer extends Layer<Required<_PolarisLayerProps> & LayerProps> {
  static layerName = 'PolarisLayer';
  static defaultProps = defaultProps;

  declare state: PolarisLayerState;

  getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, polarisUniforms] });
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
    if (props.concentration !== oldProps.concentration) {
      this.state.concentrationTexture = this.upload('concentration', props.concentration, this.state.concentrationTexture);
    }
    if (props.thickness !== oldProps.thickness) {
      this.state.thicknessTexture = this.upload('thickness', props.thickness, this.state.thicknessTexture);
    }
  }

  finalizeState(context: Parameters<Layer['finalizeState']>[0]): void {
    super.finalizeState(context);
    this.state.concentrationTexture?.destroy();
    this.state.thicknessTexture?.destroy();
    this.state.model?.destroy();
  }

  draw(): void {
    const { model, concentrationTexture, thicknessTexture } = this.state;
    const { grid, concentration, thickness, iceClass } = this.props;
    if (!model || !concentrationTexture || !thicknessTexture || !grid || !concentration || !thickness) return;
    for (const field of [concentration, thickness]) if (field.width !== grid.nlon || field.height !== grid.nlat) return;
    const uniforms: PolarisUniformProps = {
      grid: [grid.lon0, grid.lat0, grid.dlon, grid.dlat],
      gridSize: [grid.nlon, grid.nlat],
      ...classUniforms(iceClass),
      validAlpha: VALID_CELL_ALPHA,
      opacity: this.props.opacity,
      globe: this.isGlobe() ? 1 : 0,
      concentrationTexture,
      thicknessTexture,
    };
    model.shaderInputs.setProps({ polaris: uniforms });
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

  /** One upload per slice; texelFetch needs no filtering (nearest, exact cells, any float32 support). */
  private upload(name: string, field: FieldValues | null, previous: Texture | undefined): Texture | undefined {
    previous?.destroy();
    if (!field) return undefined;
    const texture = this.context.device.createTexture({
      id: `${this.props.id}-${name}`,
      format: 'r32float',
      width: field.width,
      height: field.height,
      sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
    });
    texture.writeData(field.data);
    return texture;
  }
}
