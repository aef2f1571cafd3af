/**
 * Ice drift as animated particles, entirely on the GPU. Each particle is one texel of an rgba32float state
 * texture (a unit vector on the sphere; age and speed packed in w: see update.frag.glsl); a
 * step is a fragment-shader pass from one state texture into the other, so JavaScript never touches a
 * particle. Every step:
 *   1. update  — state A -> state B: move by the drift on the sphere, age, respawn over valid cells;
 *   2. fade    — trail T0 -> trail T1, dimmed by fadeOpacity;
 *   3. draw    — one line per particle (A -> B) into T1, coloured by speed, through deck.gl's project module
 *                (2 and 3 share one render pass: each pass costs a state push/pop and several GL calls);
 * and every frame:
 *   4. composite — T1 over the map, inside deck.gl's render pass (MapLibreOverlay, interleaved).
 * When the view changes, the trail texture is cleared and the current segments drawn again at once, so
 * panning and zooming neither smear old trails nor pause the animation.
 *
 * Lifecycle as deck.gl's BitmapLayer: GPU resources are made in initializeState (models, ramp) and updateState
 * (field textures on a new field; state and trail ping-pongs on a new count or drawing-buffer size), `draw`
 * only runs passes, finalizeState releases what the layer made, then `super.finalizeState` the rest.
 */
import { Layer, type LayerContext, type UpdateParameters, type Viewport } from '@deck.gl/core';
import type { Framebuffer, RenderPass, Texture } from '@luma.gl/core';
import type { Model } from '@luma.gl/engine';
import { driftRampBytes } from './drift-ramp.ts';
import { isProjectedGrid } from '../../../../common/field-grid.ts';
import { gridUniforms } from '../grid-field/grid-field.ts';
import { isGlobalInLongitude } from './grid-lookup.ts';
import { defaultParticleCount, stateTextureSize } from './particle-count.ts';
import { BASE_STEP_SECONDS, defaultProps, particleSupportProblem, type _ParticleLayerProps, type DriftField } from './particle-layer-props.ts';
import { createDrawModel, createScreenPassModels, type ScreenPassModels } from './particle-models.ts';
import type { ParticleUpdateProps } from './particle-uniforms.ts';
import { NEAREST, PingPong, sizedPingPong } from './ping-pong.ts';
import { buildRespawnCells } from './respawn-cells.ts';
import { particleViewBox } from './view-bounds.ts';

export { BASE_STEP_SECONDS, particleSupportProblem, type DriftField, type ParticleLayerProps } from './particle-layer-props.ts';

type ParticleLayerState = {
  unsupported: string | null;
  /** The draw pass (deck.gl feeds it the project module and destroys it). */
  model?: Model;
  passes?: ScreenPassModels;
  rampTexture?: Texture;
  fieldTexture?: Texture;
  respawnTexture?: Texture;
  respawnCount: number;
  /** Particle state (rgba32float, one texel per particle): front = now, back = the step before. */
  particles?: PingPong;
  particleCount: number;
  /** Trails (RGBA8 premultiplied, the drawing buffer's size): front is shown. */
  trails?: PingPong;
  /** Respawn every particle at the next draw (new field or new count). */
  needsReset: boolean;
  /** The back state texture holds no meaningful positions yet: draw no segments. */
  segmentsValid: boolean;
  lastStepTime: number;
  lastViewport: Viewport | null;
  /** Where particles may be (re)born, for lastViewport: recomputed only when the view changes. */
  viewBox: [number, number, number, number] | null;
  redrawTimer: ReturnType<typeof setTimeout> | null;
  /** Simulation steps run so far (for tests and the benchmark). */
  steps: number;
};

export class ParticleLayer<ExtraPropsT extends object = object> extends Layer<ExtraPropsT & Required<_ParticleLayerProps>> {
  static layerName = 'ParticleLayer';
  static defaultProps = defaultProps;

  declare state: ParticleLayerState;

  initializeState(): void {
    const { device } = this.context;
    const unsupported = particleSupportProblem(device);
    this.state = {
      unsupported,
      respawnCount: 0,
      particleCount: 0,
      needsReset: true,
      segmentsValid: false,
      lastStepTime: 0,
      lastViewport: null,
      viewBox: null,
      redrawTimer: null,
      steps: 0,
    };
    if (unsupported) {
      this.props.onUnsupported?.(unsupported);
      return;
    }
    this.state.passes = createScreenPassModels(device, this.props.id);
    this.state.model = createDrawModel(device, this.props.id, (shaders) => this.getShaders(shaders));
    this.state.model.shaderInputs.setProps({ particleDraw: { opacity: 0.9 } }); // a fresh segment's alpha
    this.state.rampTexture = device.createTexture({
      id: `${this.props.id}-ramp`,
      format: 'rgba8unorm',
      width: 256,
      height: 1,
      sampler: { ...NEAREST, minFilter: 'linear', magFilter: 'linear' },
    });
    this.state.rampTexture.writeData(driftRampBytes());
  }

  /** Also on view changes: the particle count and the trails follow the viewport's size. */
  shouldUpdateState({ changeFlags }: UpdateParameters<this>): boolean {
    return Boolean(changeFlags.propsOrDataChanged || changeFlags.viewportChanged);
  }

  updateState({ props, oldProps }: UpdateParameters<this>): void {
    if (this.state.unsupported) return;
    if (props.field !== oldProps.field) this.uploadField(props.field);
    this.sizeResources();
  }

  finalizeState(context: LayerContext): void {
    const s = this.state;
    if (s.redrawTimer) clearTimeout(s.redrawTimer);
    for (const model of Object.values(s.passes ?? {})) model.destroy();
    for (const resource of [s.rampTexture, s.fieldTexture, s.respawnTexture, s.particles, s.trails]) resource?.destroy();
    super.finalizeState(context); // the draw model, the attribute manager, resource subscriptions
  }

  draw({ renderPass, shaderModuleProps }: { renderPass: RenderPass; shaderModuleProps: Record<string, unknown> }): void {
    const s = this.state;
    const picking = shaderModuleProps?.picking as { isActive?: boolean } | undefined;
    if (s.unsupported || picking?.isActive || !this.props.field || !s.fieldTexture || !s.particles || !s.trails) return;
    // The canvas was resized without a props or view change reaching updateState: resize on the next update.
    if (!this.resourcesFit()) this.setNeedsUpdate();

    const { viewport } = this.context;
    const viewChanged = !s.lastViewport || !s.lastViewport.equals(viewport);
    s.lastViewport = viewport;
    // 25+ unprojections: only when the view moved, not on every step.
    if (viewChanged) s.viewBox = particleViewBox(viewport);

    const now = performance.now();
    const stepInterval = 1000 / Math.max(1e-3, this.props.stepsPerSecond);
    if (s.needsReset) {
      this.runUpdate(true);
      s.needsReset = false;
      s.segmentsValid = false;
      s.lastStepTime = now;
      this.renderTrail(s.trails.frontFramebuffer, null, false);
    } else if (this.props.stepsPerSecond > 0 && now - s.lastStepTime >= stepInterval) {
      // At most one step per frame: a slow frame slows the animation instead of bunching steps up.
      s.lastStepTime = Math.max(s.lastStepTime + stepInterval, now - stepInterval);
      this.runUpdate(false);
      // Fade (or, after a view change, clear) and the new segments share one render pass on the back trail.
      this.renderTrail(s.trails.backFramebuffer, viewChanged ? null : s.trails.front, true);
      s.trails.swap();
      s.segmentsValid = true;
    } else if (viewChanged) {
      // Old trails sit at the old view's pixels: drop them and show the current segments right away.
      this.renderTrail(s.trails.frontFramebuffer, null, s.segmentsValid);
    }
    this.composite(renderPass);
    this.scheduleRedraw(Math.max(0, s.lastStepTime + stepInterval - performance.now()));
  }

  /** Simulation steps run so far. */
  get stepCount(): number {
    return this.state?.steps ?? 0;
  }

  // --- resources (made here, used by the passes) -----------------------------------------------------------

  private uploadField(field: DriftField | null): void {
    const s = this.state;
    const { device } = this.context;
    s.fieldTexture?.destroy();
    s.respawnTexture?.destroy();
    s.fieldTexture = undefined;
    s.respawnTexture = undefined;
    s.respawnCount = 0;
    if (!field) return;
    const { width, height } = field;
    s.fieldTexture = device.createTexture({ id: `${this.props.id}-field`, format: 'rg32float', width, height, sampler: NEAREST });
    s.fieldTexture.writeData(field.data.subarray(0, width * height * 2));
    const cells = buildRespawnCells(field.data, width, height);
    s.respawnTexture = device.createTexture({
      id: `${this.props.id}-respawn`,
      format: 'r32float',
      width: cells.textureWidth,
      height: cells.textureHeight,
      sampler: NEAREST,
    });
    s.respawnTexture.writeData(cells.indices);
    s.respawnCount = cells.count;
    s.needsReset = true;
  }

  private wantedSizes(): { count: number; trail: [number, number] } {
    const { viewport, device } = this.context;
    const count = this.props.numParticles || defaultParticleCount(viewport.width, viewport.height);
    return { count, trail: device.getDefaultCanvasContext().getDrawingBufferSize() };
  }

  private resourcesFit(): boolean {
    const { count, trail } = this.wantedSizes();
    const { particleCount, trails } = this.state;
    return count === particleCount && trails?.width === trail[0] && trails?.height === trail[1];
  }

  private sizeResources(): void {
    const s = this.state;
    const { device } = this.context;
    const { count, trail } = this.wantedSizes();
    if (count !== s.particleCount) {
      const [width, height] = stateTextureSize(count);
      s.particles = sizedPingPong(s.particles, () => new PingPong(device, `${this.props.id}-state`, 'rgba32float', width, height), width, height);
      s.particleCount = count;
      s.model?.setVertexCount(count * 2);
      s.needsReset = true;
    }
    // New textures start transparent (WebGL zero-fills them); the step after a resize redraws the segments.
    const make = () => new PingPong(device, `${this.props.id}-trail`, 'rgba8unorm', trail[0], trail[1]);
    s.trails = sizedPingPong(s.trails, make, trail[0], trail[1]);
  }

  // --- passes (one GPU render pass per method) --------------------------------------------------------------

  /** The simulation step: state front -> back (moved, aged, respawned), then back becomes front. */
  private runUpdate(reset: boolean): void {
    const s = this.state;
    const { field } = this.props;
    if (!s.particles || !field || !s.passes || !s.fieldTexture || !s.respawnTexture) return;
    const { grid } = field;
    const box = s.viewBox;
    // Packed as the scalar field's (grid-field.ts): a polar grid's plane and projection, or the lat/lon steps.
    const placed = gridUniforms(grid, false);
    const uniforms: ParticleUpdateProps = {
      grid: placed.grid,
      polar: placed.polar,
      viewBounds: box ?? [0, 0, 0, 0],
      useViewBounds: box ? 1 : 0,
      gridSize: placed.gridSize,
      globalLon: !isProjectedGrid(grid) && isGlobalInLongitude(grid) ? 1 : 0,
      respawnCount: s.respawnCount,
      stepSeconds: this.props.speedFactor * BASE_STEP_SECONDS,
      maxAge: this.props.maxAge,
      randomSeed: Math.floor(Math.random() * 16_777_216),
      reset: reset ? 1 : 0,
      maxSpeed: field.maxSpeed,
    };
    const { update } = s.passes;
    update.shaderInputs.setProps({ particleUpdate: uniforms });
    update.setBindings({ stateTexture: s.particles.front, fieldTexture: s.fieldTexture, respawnTexture: s.respawnTexture });
    const pass = this.context.device.beginRenderPass({ id: `${this.props.id}-update-pass`, framebuffer: s.particles.backFramebuffer, clearColor: false });
    update.draw(pass);
    pass.end();
    s.particles.swap();
    s.steps++;
  }

  /**
   * The trail step, one render pass on `target`: `fadeFrom` dimmed by fadeOpacity (null: cleared), then, when
   * `segments`, one line per particle from its previous to its current position, coloured by speed.
   */
  private renderTrail(target: Framebuffer, fadeFrom: Texture | null, segments: boolean): void {
    const { particles, model, passes, rampTexture } = this.state;
    if (!particles || !model || !passes || !rampTexture) return;
    const pass = this.context.device.beginRenderPass({
      id: `${this.props.id}-trail-pass`,
      framebuffer: target,
      clearColor: fadeFrom ? false : [0, 0, 0, 0],
    });
    if (fadeFrom) {
      passes.fade.shaderInputs.setProps({ particleFade: { fadeOpacity: this.props.fadeOpacity } });
      passes.fade.setBindings({ trailTexture: fadeFrom });
      passes.fade.draw(pass);
    }
    if (segments) {
      model.setBindings({ previousState: particles.back, currentState: particles.front, rampTexture });
      model.draw(pass);
    }
    pass.end();
  }

  /** The trail over the map, in deck.gl's own render pass. */
  private composite(renderPass: RenderPass): void {
    const { trails, passes } = this.state;
    if (!trails || !passes) return;
    passes.composite.shaderInputs.setProps({ particleComposite: { opacity: this.props.opacity } });
    passes.composite.setBindings({ trailTexture: trails.front });
    passes.composite.draw(renderPass);
  }

  /** Ask deck.gl (and through it MapLibre) for the next frame when the next step is due, not every frame. */
  private scheduleRedraw(delayMs: number): void {
    const s = this.state;
    if (s.redrawTimer || this.props.stepsPerSecond <= 0) return;
    s.redrawTimer = setTimeout(() => {
      s.redrawTimer = null;
      // deck.gl replaces layer instances on every props change; the state (and this timer) moves along.
      const layer = this.getCurrentLayer() ?? this;
      layer.setNeedsRedraw();
      // Redraw now rather than at deck.gl's next animation frame: under MapLibreOverlay that check would
      // only ask MapLibre for a repaint one frame later, halving the achievable step rate.
      layer.context?.deck?.redraw('ParticleLayer step');
    }, delayMs);
  }
}
