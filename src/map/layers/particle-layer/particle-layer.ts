/**
 * Ice drift as animated particles, entirely on the GPU (a custom deck.gl layer, lifecycle as deck.gl's
 * BitmapLayer). Each particle is one texel of an rgba32float state texture (its position as a unit vector
 * on the sphere, and its age and speed packed in one float: see shaders/particles/update.frag.glsl); a simulation step is a fragment-shader pass from one state texture into the other (ping-pong
 * float framebuffers), so JavaScript never touches a particle. Every step:
 *   1. update  — state A -> state B: move by the drift on the sphere, age, respawn over valid cells;
 *   2. fade    — trail T0 -> trail T1, dimmed by fadeOpacity;
 *   3. draw    — one line per particle (A -> B) into T1, coloured by speed, through deck.gl's project module
 *                (2 and 3 share one render pass: each pass costs a state push/pop and several GL calls);
 * and every frame:
 *   4. composite — T1 over the map, inside deck.gl's render pass (MapLibreOverlay, interleaved).
 * When the view changes, the trail texture is cleared and the current segments drawn again at once, so
 * panning and zooming neither smear old trails nor pause the animation.
 *
 * GPU resources live on the layer's state only; shaders are in shaders/particles/ (one pass per file).
 */
import { Layer, project32, type DefaultProps, type LayerProps, type UpdateParameters, type Viewport } from '@deck.gl/core';
import type { Device, Framebuffer, RenderPass, Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import type { RegularGrid } from '../../../../workers/forecast.api.ts';
import fullscreenVs from '../../../../shaders/particles/_fullscreen.vert.glsl?raw';
import compositeFs from '../../../../shaders/particles/composite.frag.glsl?raw';
import drawFs from '../../../../shaders/particles/draw.frag.glsl?raw';
import drawVs from '../../../../shaders/particles/draw.vert.glsl?raw';
import fadeFs from '../../../../shaders/particles/fade.frag.glsl?raw';
import updateFs from '../../../../shaders/particles/update.frag.glsl?raw';
import { driftRampBytes } from './drift-ramp.ts';
import { unitVectorToLonLat } from './geo-step.ts';
import { isGlobalInLongitude } from './grid-lookup.ts';
import { viewBounds } from './view-bounds.ts';
import { defaultParticleCount, stateTextureSize } from './particle-count.ts';
import {
  particleCompositeUniforms,
  particleDrawUniforms,
  particleFadeUniforms,
  particleUpdateUniforms,
  type ParticleUpdateProps,
} from './particle-uniforms.ts';
import { buildRespawnCells } from './respawn-cells.ts';

/** One lead time's drift on a regular grid (what the worker's DriftSlice holds, plus its grid). */
export interface DriftField {
  /** u, v interleaved (m/s, eastward and northward), row-major nlat × nlon, NaN where there is no data. */
  data: Float32Array;
  width: number;
  height: number;
  grid: RegularGrid;
  /** Largest finite speed (m/s): the top of the colour ramp. */
  maxSpeed: number;
}

/**
 * Seconds of drift per step at speedFactor 1. With the default speedFactor 0.1 a step advances 8 400 s of
 * drift: at the map's start view (zoom 4 at 78°N, 1280 × 800) that moves a particle as far on screen as
 * leaflet-velocity's velocityScale 0.1 does (its step is v × 0.1 × mapArea^0.4 degrees of arc, mapArea in
 * rad², ≈ 0.076° per m/s there). Unlike leaflet-velocity the step is fixed in metres, not in pixels, so the
 * motion is the same on the ground at every zoom and in both projections.
 */
export const BASE_STEP_SECONDS = 84_000;

type _ParticleLayerProps = {
  /**
   * The drift to animate; null draws nothing.
   * @default null
   */
  field: DriftField | null;
  /**
   * How many particles; 0 adapts to the viewport (width × height / 30 CSS px², ten times leaflet-velocity's
   * density).
   * @default 0
   */
  numParticles?: number;
  /**
   * Velocity scale: seconds of drift per step are speedFactor × BASE_STEP_SECONDS.
   * @default 0.1
   */
  speedFactor?: number;
  /**
   * Steps a particle lives before it is reborn at a random place with data.
   * @default 90
   */
  maxAge?: number;
  /**
   * Simulation steps per second (the current tool's pace).
   * @default 15
   */
  stepsPerSecond?: number;
  /**
   * Fraction of a trail's opacity kept per step: how fast trails fade.
   * @default 0.97
   */
  fadeOpacity?: number;
  /**
   * Called once when this GPU cannot run the layer (no WebGL2, or float framebuffers missing: WebGL2
   * without EXT_color_buffer_float); the layer then draws nothing, and the page should say so on the map.
   * @default null
   */
  onUnsupported?: ((reason: string) => void) | null;
};

export type ParticleLayerProps = _ParticleLayerProps & LayerProps;

const defaultProps: DefaultProps<ParticleLayerProps> = {
  field: { type: 'object', value: null },
  numParticles: { type: 'number', value: 0, min: 0 },
  speedFactor: { type: 'number', value: 0.1, min: 0 },
  maxAge: { type: 'number', value: 90, min: 1 },
  stepsPerSecond: { type: 'number', value: 15, min: 0 },
  fadeOpacity: { type: 'number', value: 0.97, min: 0, max: 1 },
  onUnsupported: { type: 'function', value: null, optional: true },
};

/** Why a device cannot run the particle layer, or null when it can. */
export function particleSupportProblem(device: Pick<Device, 'type' | 'features'>): string | null {
  if (device.type !== 'webgl') return 'The drift particles need WebGL2.';
  if (!device.features.has('float32-renderable-webgl')) {
    return 'The drift particles need float render targets (EXT_color_buffer_float), which this GPU lacks.';
  }
  return null;
}

/** The particle state: two rgba32float textures and their framebuffers, swapped every step. */
interface ParticleBuffers {
  count: number;
  textures: [Texture, Texture];
  framebuffers: [Framebuffer, Framebuffer];
}

/** The screen-sized RGBA8 trail textures (premultiplied colour), swapped every step. */
interface TrailBuffers {
  width: number;
  height: number;
  textures: [Texture, Texture];
  framebuffers: [Framebuffer, Framebuffer];
}

type ParticleLayerState = {
  unsupported: string | null;
  updateModel?: Model;
  fadeModel?: Model;
  drawModel?: Model;
  compositeModel?: Model;
  rampTexture?: Texture;
  fieldTexture?: Texture;
  respawnTexture?: Texture;
  respawnCount: number;
  particles?: ParticleBuffers;
  trails?: TrailBuffers;
  /** Index of the state texture holding the latest positions (the other holds the step before). */
  current: number;
  /** Index of the trail texture shown. */
  trail: number;
  /** Respawn every particle at the next draw (new field or new count). */
  needsReset: boolean;
  /** The previous texture holds no meaningful positions yet: draw no segments. */
  segmentsValid: boolean;
  lastStepTime: number;
  lastViewport: Viewport | null;
  /** Where particles may be (re)born, for lastViewport: recomputed only when the view changes. */
  viewBox: [number, number, number, number] | null;
  /** Last values given to the fade and composite uniform blocks (NaN: never set); unchanged ones are not re-sent. */
  fadeOpacitySet: number;
  compositeOpacitySet: number;
  /** deck.gl's project-module props last given to the draw pass (their uniforms are recomputed only when these change). */
  projectSet: Record<string, unknown> | null;
  redrawTimer: ReturnType<typeof setTimeout> | null;
  /** Simulation steps run so far (for tests and the benchmark). */
  steps: number;
};

/** The draw pass's own uniforms (constant: a fresh segment's alpha). */
const DRAW_UNIFORMS = { opacity: 0.9 } as const;

/** Where particles may be (re)born in this view; null (no restriction) for views other than Web Mercator and globe. */
function particleViewBox(viewport: Viewport): [number, number, number, number] | null {
  // Web Mercator and globe viewports both carry longitude/project/unproject; other views: no restriction.
  const view = viewport as Viewport & { longitude?: number };
  return typeof view.longitude === 'number' ? viewBounds(view as typeof view & { longitude: number }) : null;
}

/**
 * Whether deck.gl's project-module props give the same uniforms: deck.gl hands a fresh object (and, under
 * MapLibreOverlay, a fresh but equal viewport) every frame, and recomputing the uniforms is a few matrix
 * products per frame for nothing.
 */
function sameProjectProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return true;
    if (key === 'viewport') return (x as Viewport | undefined)?.equals?.(y as Viewport) === true;
    return Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]);
  });
}

/** Nearest sampling: float32 textures are not filterable everywhere, and the shaders use texelFetch. */
const NEAREST = { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' } as const;

/** Simulation and trail passes write exactly what the shader outputs: no blending, no depth. */
const OVERWRITE = { blend: false, depthCompare: 'always', depthWriteEnabled: false, cullMode: 'none' } as const;

/** Premultiplied "over": the draw pass into the trail and the composite onto the map. */
const PREMULTIPLIED_OVER = {
  blend: true,
  blendColorSrcFactor: 'one',
  blendColorDstFactor: 'one-minus-src-alpha',
  blendAlphaSrcFactor: 'one',
  blendAlphaDstFactor: 'one-minus-src-alpha',
  blendColorOperation: 'add',
  blendAlphaOperation: 'add',
  depthCompare: 'always',
  depthWriteEnabled: false,
  cullMode: 'none',
} as const;

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
      current: 0,
      trail: 0,
      needsReset: true,
      segmentsValid: false,
      lastStepTime: 0,
      lastViewport: null,
      viewBox: null,
      fadeOpacitySet: Number.NaN,
      compositeOpacitySet: Number.NaN,
      projectSet: null,
      redrawTimer: null,
      steps: 0,
    };
    if (unsupported) {
      this.props.onUnsupported?.(unsupported);
      return;
    }
    const fullscreen = { vs: fullscreenVs, topology: 'triangle-list' as const, vertexCount: 3, bufferLayout: [] };
    this.state.updateModel = new Model(device, {
      ...fullscreen,
      id: `${this.props.id}-update`,
      fs: updateFs,
      modules: [particleUpdateUniforms],
      parameters: OVERWRITE,
    });
    this.state.fadeModel = new Model(device, {
      ...fullscreen,
      id: `${this.props.id}-fade`,
      fs: fadeFs,
      modules: [particleFadeUniforms],
      parameters: OVERWRITE,
    });
    this.state.compositeModel = new Model(device, {
      ...fullscreen,
      id: `${this.props.id}-composite`,
      fs: compositeFs,
      modules: [particleCompositeUniforms],
      parameters: PREMULTIPLIED_OVER,
    });
    this.state.drawModel = new Model(device, {
      ...this.getShaders({ vs: drawVs, fs: drawFs, modules: [project32, particleDrawUniforms] }),
      id: `${this.props.id}-draw`,
      topology: 'line-list',
      vertexCount: 0,
      bufferLayout: [],
      parameters: PREMULTIPLIED_OVER,
    });
    this.state.rampTexture = device.createTexture({
      id: `${this.props.id}-ramp`,
      format: 'rgba8unorm',
      width: 256,
      height: 1,
      sampler: { minFilter: 'linear', magFilter: 'linear', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
    });
    this.state.rampTexture.writeData(driftRampBytes());
  }

  updateState({ props, oldProps }: UpdateParameters<this>): void {
    if (this.state.unsupported) return;
    if (props.field !== oldProps.field) this.uploadField(props.field);
  }

  finalizeState(): void {
    const s = this.state;
    if (s.redrawTimer) clearTimeout(s.redrawTimer);
    s.redrawTimer = null;
    s.updateModel?.destroy();
    s.fadeModel?.destroy();
    s.drawModel?.destroy();
    s.compositeModel?.destroy();
    s.rampTexture?.destroy();
    s.fieldTexture?.destroy();
    s.respawnTexture?.destroy();
    this.destroyParticles();
    this.destroyTrails();
  }

  draw({ renderPass, shaderModuleProps }: { renderPass: RenderPass; shaderModuleProps: Record<string, unknown> }): void {
    const s = this.state;
    const picking = shaderModuleProps?.picking as { isActive?: boolean } | undefined;
    if (s.unsupported || picking?.isActive || !this.props.field || !s.fieldTexture) return;

    const { viewport } = this.context;
    this.ensureParticles(this.props.numParticles || defaultParticleCount(viewport.width, viewport.height));
    this.ensureTrails();
    const viewChanged = !s.lastViewport || !s.lastViewport.equals(viewport);
    s.lastViewport = viewport;
    // 25+ unprojections: only when the view moved, not on every step.
    if (viewChanged) s.viewBox = particleViewBox(viewport);

    const drawProps = { project: shaderModuleProps.project };
    const now = performance.now();
    const stepInterval = 1000 / Math.max(1e-3, this.props.stepsPerSecond);

    if (s.needsReset) {
      this.runUpdate(true);
      s.needsReset = false;
      s.segmentsValid = false;
      s.lastStepTime = now;
      this.clearTrail(s.trail);
    } else if (this.props.stepsPerSecond > 0 && now - s.lastStepTime >= stepInterval) {
      // At most one step per frame: a slow frame slows the animation instead of bunching steps up.
      s.lastStepTime = Math.max(s.lastStepTime + stepInterval, now - stepInterval);
      this.runUpdate(false);
      const next = 1 - s.trail;
      // Fade (or, after a view change, clear) and the new segments share one render pass on trail[next].
      this.renderTrail(next, viewChanged ? null : s.trail, drawProps);
      s.trail = next;
      s.segmentsValid = true;
    } else if (viewChanged) {
      // Old trails sit at the old view's pixels: drop them and show the current segments right away.
      if (s.segmentsValid) this.renderTrail(s.trail, null, drawProps);
      else this.clearTrail(s.trail);
    }

    this.composite(renderPass);
    this.scheduleRedraw(Math.max(0, s.lastStepTime + stepInterval - performance.now()));
  }

  /** Simulation steps run so far. */
  get stepCount(): number {
    return this.state?.steps ?? 0;
  }

  /**
   * The current particles read back from the GPU and decoded: [lon°, lat°, age in steps, speed m/s] per
   * particle. Slow (a synchronous readback and a loop); for tests and debugging only, never per frame.
   */
  readParticles(): Float64Array | null {
    const p = this.state.particles;
    const field = this.props.field;
    if (!p || !field) return null;
    const raw = new Float32Array(p.textures[this.state.current].readDataSyncWebGL() as ArrayBuffer);
    const out = new Float64Array(p.count * 4);
    for (let k = 0; k < p.count; k++) {
      const [lon, lat] = unitVectorToLonLat(raw[4 * k], raw[4 * k + 1], raw[4 * k + 2]);
      const age = Math.floor(raw[4 * k + 3]);
      out.set([lon, lat, age, (raw[4 * k + 3] - age) * field.maxSpeed], 4 * k);
    }
    return out;
  }

  // --- resources -----------------------------------------------------------------------------------------

  private uploadField(field: DriftField | null): void {
    const s = this.state;
    const { device } = this.context;
    s.fieldTexture?.destroy();
    s.respawnTexture?.destroy();
    s.fieldTexture = undefined;
    s.respawnTexture = undefined;
    s.respawnCount = 0;
    if (!field) return;
    s.fieldTexture = device.createTexture({
      id: `${this.props.id}-field`,
      format: 'rg32float',
      width: field.width,
      height: field.height,
      sampler: NEAREST,
    });
    s.fieldTexture.writeData(field.data.subarray(0, field.width * field.height * 2));
    const cells = buildRespawnCells(field.data, field.width, field.height);
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

  private ensureParticles(count: number): void {
    const s = this.state;
    if (s.particles?.count === count) return;
    this.destroyParticles();
    const [width, height] = stateTextureSize(count);
    const { device } = this.context;
    const make = (k: number) =>
      device.createTexture({ id: `${this.props.id}-state-${k}`, format: 'rgba32float', width, height, sampler: NEAREST });
    const textures: [Texture, Texture] = [make(0), make(1)];
    const framebuffers = textures.map((texture) => device.createFramebuffer({ width, height, colorAttachments: [texture] })) as [
      Framebuffer,
      Framebuffer,
    ];
    s.particles = { count, textures, framebuffers };
    s.drawModel?.setVertexCount(count * 2);
    s.needsReset = true;
  }

  private ensureTrails(): void {
    const s = this.state;
    const [width, height] = this.context.device.getDefaultCanvasContext().getDrawingBufferSize();
    if (s.trails && s.trails.width === width && s.trails.height === height) return;
    this.destroyTrails();
    const { device } = this.context;
    const make = (k: number) =>
      device.createTexture({ id: `${this.props.id}-trail-${k}`, format: 'rgba8unorm', width, height, sampler: NEAREST });
    const textures: [Texture, Texture] = [make(0), make(1)];
    const framebuffers = textures.map((texture) => device.createFramebuffer({ width, height, colorAttachments: [texture] })) as [
      Framebuffer,
      Framebuffer,
    ];
    s.trails = { width, height, textures, framebuffers };
    this.clearTrail(0);
    this.clearTrail(1);
  }

  private destroyParticles(): void {
    const p = this.state.particles;
    if (!p) return;
    p.framebuffers.forEach((f) => f.destroy());
    p.textures.forEach((t) => t.destroy());
    this.state.particles = undefined;
  }

  private destroyTrails(): void {
    const t = this.state.trails;
    if (!t) return;
    t.framebuffers.forEach((f) => f.destroy());
    t.textures.forEach((x) => x.destroy());
    this.state.trails = undefined;
  }

  // --- passes (one GL pass each) -----------------------------------------------------------------------------

  /** Pass 1: state[current] -> state[other]; then the other becomes current. */
  private runUpdate(reset: boolean): void {
    const s = this.state;
    const { field } = this.props;
    const particles = s.particles;
    if (!particles || !field || !s.updateModel || !s.fieldTexture || !s.respawnTexture) return;
    const next = 1 - s.current;
    const { grid } = field;
    const box = s.viewBox;
    const uniforms: ParticleUpdateProps = {
      grid: [grid.lon0, grid.dlon, grid.lat0, grid.dlat],
      viewBounds: box ?? [0, 0, 0, 0],
      useViewBounds: box ? 1 : 0,
      gridSize: [grid.nlon, grid.nlat],
      globalLon: isGlobalInLongitude(grid) ? 1 : 0,
      respawnCount: s.respawnCount,
      stepSeconds: this.props.speedFactor * BASE_STEP_SECONDS,
      maxAge: this.props.maxAge,
      randomSeed: Math.floor(Math.random() * 16_777_216),
      reset: reset ? 1 : 0,
      maxSpeed: field.maxSpeed,
    };
    s.updateModel.shaderInputs.setProps({ particleUpdate: uniforms });
    s.updateModel.setBindings({
      stateTexture: particles.textures[s.current],
      fieldTexture: s.fieldTexture,
      respawnTexture: s.respawnTexture,
    });
    const pass = this.context.device.beginRenderPass({
      id: `${this.props.id}-update-pass`,
      framebuffer: particles.framebuffers[next],
      clearColor: false,
    });
    s.updateModel.draw(pass);
    pass.end();
    s.current = next;
    s.steps++;
  }

  private clearTrail(index: number): void {
    const { trails } = this.state;
    if (!trails) return;
    const pass = this.context.device.beginRenderPass({
      id: `${this.props.id}-clear-pass`,
      framebuffer: trails.framebuffers[index],
      clearColor: [0, 0, 0, 0],
    });
    pass.end();
  }

  /**
   * Passes 2 and 3 in one render pass on trail[to]: trail[fadeFrom] dimmed by fadeOpacity (or, when fadeFrom
   * is null, a clear), then one line per particle, previous -> current position, coloured by speed.
   */
  private renderTrail(to: number, fadeFrom: number | null, drawProps: Record<string, unknown>): void {
    const s = this.state;
    const { particles, trails, drawModel, fadeModel, rampTexture } = s;
    if (!particles || !trails || !drawModel || !fadeModel || !rampTexture || !this.props.field) return;
    if (fadeFrom !== null) {
      if (s.fadeOpacitySet !== this.props.fadeOpacity) {
        fadeModel.shaderInputs.setProps({ particleFade: { fadeOpacity: this.props.fadeOpacity } });
        s.fadeOpacitySet = this.props.fadeOpacity;
      }
      fadeModel.setBindings({ trailTexture: trails.textures[fadeFrom] });
    }
    const project = drawProps.project as Record<string, unknown> | undefined;
    if (!project || !s.projectSet || !sameProjectProps(s.projectSet, project)) {
      drawModel.shaderInputs.setProps({ ...drawProps, particleDraw: DRAW_UNIFORMS });
      s.projectSet = project ?? null;
    }
    drawModel.setBindings({
      previousState: particles.textures[1 - s.current],
      currentState: particles.textures[s.current],
      rampTexture,
    });
    const pass = this.context.device.beginRenderPass({
      id: `${this.props.id}-trail-pass`,
      framebuffer: trails.framebuffers[to],
      clearColor: fadeFrom === null ? [0, 0, 0, 0] : false,
    });
    if (fadeFrom !== null) fadeModel.draw(pass);
    drawModel.draw(pass);
    pass.end();
  }

  /** Pass 4: the trail texture over the map, in deck.gl's own render pass. */
  private composite(renderPass: RenderPass): void {
    const { trails, compositeModel } = this.state;
    if (!trails || !compositeModel) return;
    if (this.state.compositeOpacitySet !== this.props.opacity) {
      compositeModel.shaderInputs.setProps({ particleComposite: { opacity: this.props.opacity } });
      this.state.compositeOpacitySet = this.props.opacity;
    }
    compositeModel.setBindings({ trailTexture: trails.textures[this.state.trail] });
    compositeModel.draw(renderPass);
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
