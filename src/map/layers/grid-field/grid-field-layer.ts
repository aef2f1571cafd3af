/**
 * The deck.gl lifecycle the scalar field and POLARIS layers share: the model over the grid's mesh made in
 * `initializeState`, handed to deck.gl through `getModels()` (deck.gl sets the project module's uniforms on it,
 * applies `parameters` and destroys it in `super.finalizeState`), its mesh rebuilt in `updateState` only when the
 * grid or the projection changes. The layer's textures live here too: each slice prop (`sliceProps`) is uploaded
 * as an r32float texture named after the prop when its object changes (compared by identity), a subclass adds its
 * own with `setTexture` (the ramp), and every one is destroyed when replaced or when the layer is finalized.
 * Both draw the same mesh with the same vertex shader and cell lookup; `draw` goes through `drawable()` (nothing is
 * drawn until the mesh and every slice of the grid's size are there) and `drawMesh`.
 * Subclasses give their fragment shader with its uniform block, their slice props and `draw`.
 */
import { Layer, project32, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';
import vs from './grid-field.vert.glsl?raw';
import type { FieldGrid } from '../../../../common/field-grid.ts';
import { createSliceTexture, fitsGrid, gridCell, GridModel, gridUniforms, isGlobe, VALID_CELL_ALPHA, type FieldValues } from './grid-field.ts';

export interface GridFieldLayerState {
  mesh?: GridModel;
  /** The layer's textures by name: a slice prop's name, or the name a subclass gave `setTexture`. */
  textures: Record<string, Texture | undefined>;
  [key: string]: unknown;
}

/** The uniforms every grid field layer's block starts with: where the grid is, the valid cells' alpha, the opacity. */
export type GridFieldUniforms = ReturnType<typeof gridUniforms> & { validAlpha: number; opacity: number };

/** What a draw has once `drawable()` says yes: the shared uniforms and each slice prop's texture. */
export interface Drawable<Name extends string> {
  uniforms: GridFieldUniforms;
  textures: Record<Name, Texture>;
}

export abstract class GridFieldLayer<PropsT extends { grid: FieldGrid | null } & LayerProps> extends Layer<PropsT> {
  static layerName = 'GridFieldLayer';

  declare state: GridFieldLayerState;

  /** The layer's fragment shader and its uniform block; project32, gridCell and the vertex shader are shared. */
  protected abstract fragment(): { fs: string; uniforms: ShaderModule };

  /** The props that hold a slice of the grid's size (`FieldValues | null`), each drawn from its own texture. */
  protected abstract readonly sliceProps: readonly (keyof PropsT & string)[];

  getShaders() {
    const { fs, uniforms } = this.fragment();
    return super.getShaders({ vs, fs, modules: [project32, gridCell, uniforms] });
  }

  initializeState(): void {
    this.state.mesh = new GridModel(this.context.device, `${this.props.id}-model`, this.getShaders());
    this.state.textures = {};
  }

  getModels() {
    return this.state.mesh ? [this.state.mesh.model] : [];
  }

  /** The mesh depends on the projection (Mercator stops at 85.05°N), so re-check when the view changes. */
  shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    return changeFlags.propsOrDataChanged || changeFlags.viewportChanged;
  }

  updateState({ props, oldProps }: UpdateParameters<this>): void {
    this.state.mesh?.update(props.grid, this.globe);
    for (const name of this.sliceProps) {
      const field = props[name] as FieldValues | null;
      if (field === oldProps[name]) continue;
      this.setTexture(name, field ? createSliceTexture(this.context.device, `${this.props.id}-${name}`, field) : undefined);
    }
  }

  finalizeState(context: Parameters<Layer['finalizeState']>[0]): void {
    super.finalizeState(context); // destroys the model (getModels)
    for (const texture of Object.values(this.state.textures ?? {})) texture?.destroy();
    this.state.textures = {};
  }

  /**
   * The shared uniforms and the slices' textures when there is something to draw: the mesh is built, there is a
   * grid, and every slice prop holds a slice of the grid's size (a slice of another file is not drawn); else null.
   */
  protected drawable(): Drawable<(typeof this.sliceProps)[number]> | null {
    const { grid, opacity } = this.props;
    if (!this.state.mesh || !grid) return null;
    const textures: Record<string, Texture> = {};
    for (const name of this.sliceProps) {
      const field = this.props[name] as FieldValues | null;
      const texture = this.texture(name);
      if (!field || !texture || !fitsGrid(field, grid)) return null;
      textures[name] = texture;
    }
    return { uniforms: { ...gridUniforms(grid, this.globe), validAlpha: VALID_CELL_ALPHA, opacity }, textures };
  }

  /** Set the layer's uniform block (`{[block name]: uniforms}`) and draw the mesh. */
  protected drawMesh(blocks: Record<string, Record<string, unknown>>): void {
    const model = this.state.mesh?.model;
    if (!model) return;
    model.shaderInputs.setProps(blocks);
    model.draw(this.context.renderPass);
  }

  /** The texture of that name (a slice prop's, or one set by the subclass), if there is one. */
  protected texture(name: string): Texture | undefined {
    return this.state.textures[name];
  }

  /** Keep `texture` under `name`, destroying the one it replaces. */
  protected setTexture(name: string, texture: Texture | undefined): void {
    const previous = this.state.textures[name];
    if (previous !== texture) previous?.destroy();
    this.state.textures[name] = texture;
  }

  /** Whether deck.gl draws a globe (else Web Mercator). */
  protected get globe(): boolean {
    return isGlobe(this.context.viewport);
  }
}
