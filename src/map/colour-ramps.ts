/**
 * Colour ramps shared by the GPU layers (as a 256×1 RGBA texture) and the legend (as a canvas strip):
 * both read the same `sampleRamp()` bytes, so what the legend shows is what the shader draws.
 *
 * Ramps are given as a few anchor colours and interpolated in OKLab, a perceptual colour space, so equal
 * steps in value look like equal steps in colour (no bands, no false edges).
 */

export type Rgb = readonly [number, number, number];

export interface ColourRamp {
  name: string;
  /** Anchor colours (sRGB bytes) at evenly spaced positions from 0 (the minimum) to 1 (the maximum). */
  anchors: readonly Rgb[];
}

/**
 * Sea ice (thickness, concentration): from near-black navy through steel blue to white, lightness rising
 * monotonically, in the spirit of cmocean's 'ice' (our own anchors, not its table).
 */
export const iceRamp: ColourRamp = {
  name: 'ice',
  anchors: [
    [4, 6, 19],
    [32, 38, 84],
    [50, 78, 144],
    [62, 121, 175],
    [98, 162, 196],
    [163, 203, 219],
    [234, 253, 253],
  ],
};

/** Drift speed, 0 → the slice's maximum: blue, cyan, green, yellow, red (the five colours specified for it). */
export const driftRamp: ColourRamp = {
  name: 'drift',
  anchors: [
    [0, 0, 255],
    [0, 255, 255],
    [0, 255, 0],
    [255, 255, 0],
    [255, 0, 0],
  ],
};

/**
 * Differences, symmetric about zero: blue (negative) through near-white (0, the middle texel) to red
 * (positive), lightness falling equally either side, in the spirit of ColorBrewer's diverging RdBu (our anchors).
 */
export const differenceRamp: ColourRamp = {
  name: 'difference',
  anchors: [
    [33, 86, 160],
    [110, 165, 210],
    [245, 245, 245],
    [230, 140, 105],
    [170, 30, 45],
  ],
};

/** Number of texels in a sampled ramp: 256 steps are finer than the eye can tell apart. */
export const RAMP_SIZE = 256;

type Lab = [number, number, number];

function srgbToLinear(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function linearToSrgb(c: number): number {
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, v)) * 255);
}

/** sRGB bytes → OKLab (Björn Ottosson's published matrices). */
export function rgbToOklab([r8, g8, b8]: Rgb): Lab {
  const r = srgbToLinear(r8);
  const g = srgbToLinear(g8);
  const b = srgbToLinear(b8);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** OKLab → sRGB bytes, clamped to the gamut. */
export function oklabToRgb([L, a, b]: Lab): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    linearToSrgb(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    linearToSrgb(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    linearToSrgb(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** The ramp's colour at t in [0, 1] (clamped), interpolated in OKLab between neighbouring anchors. */
export function rampColour(ramp: ColourRamp, t: number): Rgb {
  const { anchors } = ramp;
  if (anchors.length === 1) return anchors[0];
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (anchors.length - 1);
  const i = Math.min(anchors.length - 2, Math.floor(x));
  const f = x - i;
  if (f === 0) return anchors[i];
  const a = rgbToOklab(anchors[i]);
  const b = rgbToOklab(anchors[i + 1]);
  return oklabToRgb([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
}

const sampled = new Map<string, Uint8Array>();

/**
 * RGBA bytes of `size` evenly spaced samples (texel k holds t = k / (size - 1)), alpha 255. Cached per ramp:
 * the same array feeds the shader's ramp texture and the legend.
 */
export function sampleRamp(ramp: ColourRamp, size = RAMP_SIZE): Uint8Array {
  const key = `${ramp.name}:${size}`;
  const cached = sampled.get(key);
  if (cached) return cached;
  const bytes = new Uint8Array(size * 4);
  for (let k = 0; k < size; k++) {
    const [r, g, b] = rampColour(ramp, size === 1 ? 0 : k / (size - 1));
    bytes.set([r, g, b, 255], k * 4);
  }
  sampled.set(key, bytes);
  return bytes;
}

/** Value → [0, 1] between range min and max, clamped; a zero-width range maps everything to 0. */
export function normaliseValue(value: number, [min, max]: readonly [number, number]): number {
  const span = max - min;
  if (!(span > 0)) return 0;
  return Math.min(1, Math.max(0, (value - min) / span));
}
