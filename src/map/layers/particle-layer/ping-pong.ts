/**
 * Two same-sized textures, each with its framebuffer: a pass reads `front` and writes `back`, then `swap()`
 * makes what it wrote the front. The particle state (rgba32float, one texel per particle) and the trails
 * (RGBA8, the drawing buffer's size) are each one of these.
 */
import type { Device, Framebuffer, Texture, TextureFormat } from '@luma.gl/core';

/** Nearest sampling: float32 textures are not filterable everywhere, and the shaders use texelFetch. */
export const NEAREST = { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' } as const;

export class PingPong {
  private readonly textures: [Texture, Texture];
  private readonly framebuffers: [Framebuffer, Framebuffer];
  private index = 0;

  constructor(
    device: Device,
    id: string,
    format: TextureFormat,
    readonly width: number,
    readonly height: number,
  ) {
    const make = (k: number) => device.createTexture({ id: `${id}-${k}`, format, width, height, sampler: NEAREST });
    this.textures = [make(0), make(1)];
    this.framebuffers = [0, 1].map((k) => device.createFramebuffer({ id: `${id}-${k}`, width, height, colorAttachments: [this.textures[k]] })) as [
      Framebuffer,
      Framebuffer,
    ];
  }

  get front(): Texture {
    return this.textures[this.index];
  }

  get back(): Texture {
    return this.textures[1 - this.index];
  }

  get frontFramebuffer(): Framebuffer {
    return this.framebuffers[this.index];
  }

  get backFramebuffer(): Framebuffer {
    return this.framebuffers[1 - this.index];
  }

  swap(): void {
    this.index = 1 - this.index;
  }

  destroy(): void {
    this.framebuffers.forEach((framebuffer) => framebuffer.destroy());
    this.textures.forEach((texture) => texture.destroy());
  }
}

/** `current` if it already has this size, else a new pair (the old one destroyed): what updateState calls. */
export function sizedPingPong(current: PingPong | undefined, make: () => PingPong, width: number, height: number): PingPong {
  if (current && current.width === width && current.height === height) return current;
  current?.destroy();
  return make();
}
