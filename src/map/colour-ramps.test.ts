import { describe, expect, it } from 'vitest';
import { colourForValue } from '../testing/shader-colours.ts';
import { driftRamp, iceRamp, normaliseValue, oklabToRgb, rampColour, rgbToOklab, sampleRamp } from './colour-ramps.ts';

describe('colour ramps', () => {
  it('samples 256 RGBA texels that start and end at the ramp anchors', () => {
    const bytes = sampleRamp(iceRamp);
    expect(bytes.length).toBe(256 * 4);
    expect([...bytes.slice(0, 4)]).toEqual([...iceRamp.anchors[0], 255]);
    expect([...bytes.slice(255 * 4, 256 * 4)]).toEqual([...iceRamp.anchors[iceRamp.anchors.length - 1], 255]);
  });

  it('gives the ice ramp a lightness that rises steadily from minimum to maximum', () => {
    const bytes = sampleRamp(iceRamp);
    const lightness = Array.from({ length: 256 }, (_, k) => rgbToOklab([bytes[k * 4], bytes[k * 4 + 1], bytes[k * 4 + 2]])[0]);
    for (let k = 1; k < 256; k++) expect(lightness[k]).toBeGreaterThanOrEqual(lightness[k - 1] - 1e-3);
    // Perceptually even: no step in lightness is more than three times the average step.
    const average = (lightness[255] - lightness[0]) / 255;
    for (let k = 1; k < 256; k++) expect(lightness[k] - lightness[k - 1]).toBeLessThan(3 * average + 1e-3);
  });

  it('runs the drift ramp through blue, cyan, green, yellow and red', () => {
    const at = (t: number) => rampColour(driftRamp, t);
    expect(at(0)).toEqual([0, 0, 255]);
    expect(at(0.25)).toEqual([0, 255, 255]);
    expect(at(0.5)).toEqual([0, 255, 0]);
    expect(at(0.75)).toEqual([255, 255, 0]);
    expect(at(1)).toEqual([255, 0, 0]);
  });

  it('round-trips sRGB through OKLab', () => {
    for (const rgb of [[0, 0, 0], [255, 255, 255], [32, 38, 84], [200, 10, 90]] as const) {
      expect(oklabToRgb(rgbToOklab(rgb))).toEqual(rgb);
    }
  });

  it('maps values between the range ends, clamping outside and on a zero-width range', () => {
    expect(normaliseValue(1, [0, 4])).toBe(0.25);
    expect(normaliseValue(-3, [0, 4])).toBe(0);
    expect(normaliseValue(9, [0, 4])).toBe(1);
    expect(normaliseValue(2, [2, 2])).toBe(0);
    expect(colourForValue(iceRamp, 4, [0, 4])).toEqual(iceRamp.anchors[iceRamp.anchors.length - 1]);
    expect(colourForValue(iceRamp, -1, [0, 4])).toEqual(iceRamp.anchors[0]);
  });
});
