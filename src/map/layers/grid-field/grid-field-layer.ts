/**
 * The deck.gl lifecycle the scalar field and POLARIS layers share: the model over the grid's mesh made in
 * `initializeState`, handed to deck.gl through `getModels()` (deck.gl sets the project module's uniforms on it,
 * applies `parameters` and destroys it in `super.finalizeState`), its mesh rebuilt in `updateState` only when the
 * grid or the projection changes. Subclasses give their shaders and upload their own textures.
 */
import { Layer, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import type { RegularGrid } from '../../../../common/regular-grid.ts';
import { GridModel, isGlobe } from './grid-field.ts';

export interface GridFieldLayerState {
  mesh?: GridModel;
  [key: string]: unknown;
}

export abstract class GridFieldLayer<PropsT extends { grid: RegularGrid | null } & LayerProps> extends Layer<PropsT> {
  static layerName = 'GridFieldLayer';

  declare state: GridFieldLayerState;

  /** vs, fs and the modules (project32, gridCell and the layer's uniform block). */
  protected abstract shaders(): { vs: string; fs: string; modules: unknown[] };

  getShaders() {
    return super.getShaders(this.shaders());
  }

  initializeState(): void {
    this.state.mesh = new GridModel(this.context.device, `${this.props.id}-model`, this.getShaders());
  }

  getModels() {
    return this.state.mesh ? [this.state.mesh.model] : [];
  }

  /** The mesh depends on the projection (Mercator stops at 85.05°N), so re-check when the view changes. */
  shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    return changeFlags.propsOrDataChanged || changeFlags.viewportChanged;
  }

  updateState({ props }: UpdateParameters<this>): void {
    this.state.mesh?.update(props.grid, this.globe);
  }

  /** Whether deck.gl draws a globe (else Web Mercator). */
  protected get globe(): boolean {
    return isGlobe(this.context.viewport);
  }
}
