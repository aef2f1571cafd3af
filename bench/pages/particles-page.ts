/**
 * A page with only MapLibre (a black background, no tiles) and the particle layer through MapLibreOverlay
 * (interleaved), for the browser tests (tests/e2e/particles.e2e.ts) and the render benchmark. Settings
 * come from the query string: field=east|half|gyre|polar-east|polar-half|polar-x, projection=mercator|globe, count (0 = adaptive),
 * sps (steps per second), zoom. Tests drive it through `window.particlesPage`.
 */
import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Device } from '@luma.gl/core';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { ParticleLayer, type DriftField } from '../../src/map/layers/particle-layer/particle-layer.ts';
import { readParticles } from './particle-readback.ts';
import { polarSyntheticDrift, syntheticDrift, type PolarFieldName, type SyntheticFieldName } from './particles-synthetic-drift.ts';

maplibregl.setWorkerUrl(workerUrl);

const query = new URLSearchParams(location.search);
const projection = query.get('projection') === 'mercator' ? 'mercator' : 'globe';
type FieldName = SyntheticFieldName | PolarFieldName;
let fieldName = (query.get('field') ?? 'gyre') as FieldName;
const count = Number(query.get('count') ?? 0);
const stepsPerSecond = Number(query.get('sps') ?? 15);

const map = new maplibregl.Map({
  container: 'map',
  style: {
    version: 8,
    projection: { type: projection },
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#000000' } }],
  },
  center: [90, 78],
  zoom: Number(query.get('zoom') ?? 4),
  attributionControl: false,
  fadeDuration: 0,
});

const overlay = new MapLibreOverlay({ interleaved: true, layers: [] });
map.addControl(overlay);

let layer: ParticleLayer | null = null;
let visible = true;
let unsupported: string | null = null;
let renders = 0;
map.on('render', () => renders++);

// Time spent in the layer's draw (all its passes, JavaScript side), for the benchmark's breakdown.
let drawMs = 0;
// The luma.gl device the layers draw with (for its resource statistics), taken from the first draw.
let device: Device | null = null;
const layerProto = ParticleLayer.prototype as unknown as { draw: (...args: unknown[]) => void };
const originalDraw = layerProto.draw;
layerProto.draw = function (this: unknown, ...args: unknown[]) {
  device ??= (this as ParticleLayer).context.device;
  const start = performance.now();
  try {
    originalDraw.apply(this, args);
  } finally {
    drawMs += performance.now() - start;
  }
};

function update(): void {
  layer = visible
    ? new ParticleLayer({
        id: 'drift-particles',
        field: fields.get(fieldName) ?? null,
        numParticles: count,
        stepsPerSecond,
        onUnsupported: (reason) => (unsupported = reason),
      })
    : null;
  overlay.setProps({ layers: layer ? [layer] : [] });
}

const isPolarField = (name: FieldName): name is PolarFieldName => name.startsWith('polar-');
const fields = new Map<FieldName, DriftField>();
function ensureField(name: FieldName): void {
  if (fields.has(name)) return;
  fields.set(name, isPolarField(name) ? polarSyntheticDrift(name) : syntheticDrift(name));
}
ensureField(fieldName);

const loaded = new Promise<void>((resolve) => map.on('load', () => resolve()));
void loaded.then(update);

const api = {
  loaded,
  /** Show or hide the particle layer (as the page does when the variable changes). */
  setVisible(show: boolean): void {
    visible = show;
    update();
  },
  setField(name: FieldName): void {
    ensureField(name);
    fieldName = name;
    update();
  },
  /** [lon, lat, age, speed] per particle, read back from the GPU state texture. */
  readParticles(): number[] | null {
    const data = layer ? readParticles(layer) : null;
    return data ? Array.from(data) : null;
  },
  /** Screen x, y (CSS px) of a lon/lat. */
  project(lon: number, lat: number): [number, number] {
    const p = map.project([lon, lat]);
    return [p.x, p.y];
  },
  jumpTo(options: { center?: [number, number]; zoom?: number }): void {
    map.jumpTo(options);
  },
  setProjection(type: 'mercator' | 'globe'): void {
    map.setProjection({ type });
  },
  stats: () => ({ renders, unsupported, steps: layer?.stepCount ?? 0, drawMs }),
  /** luma.gl's live textures and framebuffers and the bytes of GPU memory it tracks; null before any draw. */
  gpuResources(): { textures: number; framebuffers: number; textureBytes: number; gpuBytes: number } | null {
    if (!device) return null;
    const counts = device.statsManager.getStats('GPU Resource Counts');
    const memory = device.statsManager.getStats('GPU Time and Memory');
    return {
      textures: counts.get('Textures Active').count,
      framebuffers: counts.get('Framebuffers Active').count,
      textureBytes: memory.get('Texture Memory').count,
      gpuBytes: memory.get('GPU Memory').count,
    };
  },
};

declare global {
  interface Window {
    particlesPage: typeof api;
  }
}
window.particlesPage = api;
