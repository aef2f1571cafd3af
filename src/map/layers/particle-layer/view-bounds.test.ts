import { describe, expect, it } from 'vitest';
import { viewBounds, type LonLatBox, type ViewLike } from './view-bounds.ts';

/** Whether (lon, lat) lies in the box (longitude taken modulo 360): the shader's `inView`. */
function inBox(box: LonLatBox | null, lon: number, lat: number): boolean {
  if (!box) return true;
  const [minLon, minLat, maxLon, maxLat] = box;
  const offset = (((lon - minLon) % 360) + 360) % 360;
  return lat >= minLat && lat <= maxLat && offset <= maxLon - minLon;
}

/** An equirectangular "map": 10 px per degree, centred on (lon, lat). */
function flatView(lon: number, lat: number, width = 400, height = 200): ViewLike {
  return {
    width,
    height,
    longitude: lon,
    unproject: ([x, y]) => [lon + (x - width / 2) / 10, lat - (y - height / 2) / 10],
    project: ([l, p]) => [width / 2 + (l - lon) * 10, height / 2 - (p - lat) * 10],
  };
}

describe('viewBounds', () => {
  it('covers the screen plus a 5 % margin', () => {
    const box = viewBounds(flatView(90, 70))!;
    expect(box[0]).toBeCloseTo(70 - 2, 9);
    expect(box[2]).toBeCloseTo(110 + 2, 9);
    expect(box[1]).toBeCloseTo(60 - 1, 9);
    expect(box[3]).toBeCloseTo(80 + 1, 9);
  });

  it('keeps a view across the ±180° seam as one interval', () => {
    const box = viewBounds(flatView(179, 60))!;
    expect(inBox(box, 175, 60)).toBe(true);
    expect(inBox(box, -175, 60)).toBe(true);
    expect(inBox(box, 0, 60)).toBe(false);
  });

  it('takes every longitude when the pole is on screen', () => {
    const box = viewBounds(flatView(90, 85))!;
    expect(box[3]).toBe(90);
    expect(inBox(box, -90, 89)).toBe(true);
    expect(inBox(box, 90, 60)).toBe(false);
  });

  it('ignores a pole on the far side of the globe (it projects onto the screen but is not seen)', () => {
    const view = flatView(90, 60);
    const globe: ViewLike = { ...view, project: ([l, p]) => (p === -90 ? [200, 100] : view.project([l, p])) };
    const box = viewBounds(globe)!;
    expect(box[1]).toBeGreaterThan(45);
  });

  it('gives up (no restriction) when part of the screen is off the globe', () => {
    const sky: ViewLike = { ...flatView(0, 0), unproject: ([x]) => (x > 300 ? [NaN, NaN] : [0, 0]) };
    expect(viewBounds(sky)).toBeNull();
    expect(inBox(null, 12, -40)).toBe(true);
  });
});
