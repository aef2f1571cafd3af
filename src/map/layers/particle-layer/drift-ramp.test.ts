import { describe, expect, it } from 'vitest';
import { driftColour } from '../../../testing/shader-colours.ts';
import { driftRampBytes } from './drift-ramp.ts';

describe('drift colour ramp', () => {
  it('runs blue, cyan, green, yellow, red at 0, 1/4, 1/2, 3/4 and the maximum speed', () => {
    const max = 0.8;
    const stops: [number, [number, number, number]][] = [
      [0, [0, 0, 255]],
      [0.2, [0, 255, 255]],
      [0.4, [0, 255, 0]],
      [0.6, [255, 255, 0]],
      [0.8, [255, 0, 0]],
    ];
    const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    for (const [speed, expected] of stops) {
      // The inner stops fall between two of the 256 texels, so the drawn colour is a few levels off the
      // anchor; it must still be the named colour (nearest of the five) and close to it.
      const colour = driftColour(speed, max);
      const nearest = stops.reduce((best, stop) => (distance(colour, stop[1]) < distance(colour, best[1]) ? stop : best));
      expect(nearest[1]).toEqual(expected);
      expect(distance(colour, expected)).toBeLessThan(40);
    }
    expect(driftColour(0, max)).toEqual([0, 0, 255]);
    expect(driftColour(max, max)).toEqual([255, 0, 0]);
  });

  it('clamps speeds above the maximum to red and handles a still slice', () => {
    expect(driftColour(5, 0.8)).toEqual([255, 0, 0]);
    expect(driftColour(0, 0)).toEqual([0, 0, 255]);
  });

  it('fills a 256-texel opaque RGBA strip', () => {
    const bytes = driftRampBytes();
    expect(bytes.length).toBe(256 * 4);
    for (let k = 0; k < 256; k++) expect(bytes[4 * k + 3]).toBe(255);
  });
});
