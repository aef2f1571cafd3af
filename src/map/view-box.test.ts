import { describe, expect, it } from 'vitest';
import { visibleBox, withMargin, type MapViewLike } from './view-box.ts';

/** A plate carrée view: `degPerPx` degrees per pixel from `west`, `north` at the top-left (lon may pass 180). */
function flatView(west: number, north: number, degPerPx: number, width = 100, height = 50): MapViewLike {
  return {
    unproject: ([x, y]) => ({ lng: west + x * degPerPx > 180 ? west + x * degPerPx - 360 : west + x * degPerPx, lat: north - y * degPerPx }),
    project: ([lng, lat]) => ({ x: (((lng - west) % 360) + 360) % 360 / degPerPx, y: (north - lat) / degPerPx }),
    getCenter: () => ({ lng: west + (width / 2) * degPerPx }),
    getContainer: () => ({ clientWidth: width, clientHeight: height }),
  };
}

describe('the box the map shows', () => {
  it('is the view with a small margin, across 180° as west > east', () => {
    const box = visibleBox(flatView(150, 78, 0.1))!;
    expect(box[0]).toBeCloseTo(149.5);
    expect(box[2]).toBeCloseTo(160.5);
    expect(box[1]).toBeCloseTo(72.75);
    expect(box[3]).toBeCloseTo(78.25);
    const across = visibleBox(flatView(175, 70, 0.1))!;
    expect(across[0]).toBeCloseTo(174.5);
    expect(across[2]).toBeCloseTo(-174.5);
  });

  it('has every longitude when the pole is on screen, and none before the map has a size', () => {
    const overPole: MapViewLike = {
      unproject: ([x, y]) => ({ lng: x * 3.6 - 180, lat: 90 - Math.hypot(x - 50, y - 25) * 0.2 }),
      project: ([, lat]) => (lat === 90 ? { x: 50, y: 25 } : { x: 0, y: 0 }),
      getCenter: () => ({ lng: 0 }),
      getContainer: () => ({ clientWidth: 100, clientHeight: 50 }),
    };
    const box = visibleBox(overPole)!;
    expect([box[0], box[2], box[3]]).toEqual([-180, 180, 90]);
    expect(visibleBox({ ...flatView(0, 80, 1), getContainer: () => ({ clientWidth: 0, clientHeight: 0 }) })).toBeNull();
  });

  it('grows by a quarter of its span on each side for a window, across 180° and up to the pole', () => {
    expect(withMargin([150, 70, 160, 78])).toEqual([147.5, 68, 162.5, 80]);
    expect(withMargin([175, 70, -175, 74])).toEqual([172.5, 69, -172.5, 75]);
    expect(withMargin([-180, 80, 180, 90])).toEqual([-180, 77.5, 180, 90]);
  });
});
