/**
 * The four luma.gl models of the particle layer, one per pass (the .glsl files beside it, one per pass):
 * update (state → state), fade (trail → trail), draw (one line per particle, through deck.gl's project
 * module) and composite (trail over the map). The three full-screen passes share one vertex shader and no
 * vertex buffer.
 */
import { project32 } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import fullscreenVs from './_fullscreen.vert.glsl?raw';
import compositeFs from './composite.frag.glsl?raw';
import drawFs from './draw.frag.glsl?raw';
import drawVs from './draw.vert.glsl?raw';
import fadeFs from './fade.frag.glsl?raw';
import updateFs from './update.frag.glsl?raw';
import { particleCompositeUniforms, particleDrawUniforms, particleFadeUniforms, particleUpdateUniforms } from './particle-uniforms.ts';

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

/** The full-screen passes: deck.gl never sees these (the layer destroys them itself). */
export interface ScreenPassModels {
  update: Model;
  fade: Model;
  composite: Model;
}

export function createScreenPassModels(device: Device, id: string): ScreenPassModels {
  const fullscreen = { vs: fullscreenVs, topology: 'triangle-list' as const, vertexCount: 3, bufferLayout: [] };
  return {
    update: new Model(device, { ...fullscreen, id: `${id}-update`, fs: updateFs, modules: [particleUpdateUniforms], parameters: OVERWRITE }),
    fade: new Model(device, { ...fullscreen, id: `${id}-fade`, fs: fadeFs, modules: [particleFadeUniforms], parameters: OVERWRITE }),
    composite: new Model(device, {
      ...fullscreen,
      id: `${id}-composite`,
      fs: compositeFs,
      modules: [particleCompositeUniforms],
      parameters: PREMULTIPLIED_OVER,
    }),
  };
}

/**
 * The draw pass's model: deck.gl's `project32` places the segments, so this is the layer's `state.model`
 * (deck.gl gives it the project module's props every frame and destroys it in Layer.finalizeState).
 * `getShaders` is the layer's own (it adds deck.gl's shader hooks).
 */
export function createDrawModel(device: Device, id: string, getShaders: (shaders: object) => object): Model {
  return new Model(device, {
    ...getShaders({ vs: drawVs, fs: drawFs, modules: [project32, particleDrawUniforms] }),
    id: `${id}-draw`,
    topology: 'line-list',
    vertexCount: 0,
    bufferLayout: [],
    parameters: PREMULTIPLIED_OVER,
  });
}
