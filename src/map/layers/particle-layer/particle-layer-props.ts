/**
 * The particle layer's props (agreed with the map page, see README.md), their defaults, the drift field it
 * animates, and the device check. Apart from the layer so that the layer file holds the lifecycle only.
 */
import type { DefaultProps, LayerProps } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import type { FieldGrid } from '../../../../common/field-grid.ts';

/** One lead time's drift on a grid (what the worker's DriftSlice holds, plus its grid). */
export interface DriftField {
  /**
   * u, v interleaved (m/s, towards true east and true north, also on a polar grid), row-major rows × columns,
   * NaN where there is no data.
   */
  data: Float32Array;
  width: number;
  height: number;
  /** A lat/lon grid or a polar stereographic one (common/field-grid.ts). */
  grid: FieldGrid;
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

export type _ParticleLayerProps = {
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

export const defaultProps: DefaultProps<ParticleLayerProps> = {
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
