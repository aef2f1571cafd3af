/**
 * The deck.gl lifecycle the scalar field and POLARIS layers share: the model over the grid's mesh made in
 * `initializeState`, handed to deck.gl through `getModels()` (deck.gl sets the project module's uniforms on it,
 * applies `parameters` and destroys it in `super.finalizeState`), its mesh rebuilt in `updateState` only when the
 * grid or the projection changes. The layer's textures live here too: each slice prop (`sliceProps`) is uploaded
 * as an r32float texture named after the prop when its object changes (compared by identity), a subclass adds its
 * own with `setTexture` (the ramp), and every one is destroyed when replaced or when the layer is finalized.
 * Subclasses give their shaders, their slice props and `draw`.
 */
import { Layer, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import type { RegularGrid } from '../../../../common/regular-grid.ts';
import { createSliceTexture, GridModel, isGlobe, type FieldValues } from './grid-field.ts';

export interface GridFieldLayerState {
  mesh?: GridModel;
  /** The layer's textures by name: a slice prop's name, or the name a subclass gave `setTexture`. */
  textures: Record<string, Texture | undefined>;
  [key: string]: unknown;
}

export abstract class GridFieldLayer<PropsT extends { grid: RegularGrid | null } & LayerProps> extends Layer<PropsT> {
  static layerName = 'GridFieldLayer';

  declare state: GridFieldLayerState;

  /** vs, fs and the modules (project32, gridCell and the layer's uniform block). */
  protected abstract shaders(): { vs: string; fs: string; modules: unknown[] };

  /** The props that hold a slice of the grid's size (`FieldValues | null`), each drawn from its own texture. */
  protected abstract readonly sliceProps: readonly (keyof PropsT & string)[];

  getShaders() {
    return super.getShaders(this.shaders());
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
