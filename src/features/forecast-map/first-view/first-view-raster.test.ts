import { fieldGridOfPlanar } from '../../../../common/field-grid.ts';
import { regionById } from '../../../../common/regions/index.ts';
// pyproj's cells of points on EPSG:3413 (common/regions/reference/make-reference.py).
import expected from '../../../../common/regions/reference/expected.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import type { RegularGrid } from '../../../../common/regular-grid.ts';
import { driftRamp, iceRamp } from '../../../map/colour-ramps.ts';
import { colourForValue } from '../../../testing/shader-colours.ts';
import { cellAt, FIELD_ALPHA_BYTE, globeRadiusPx, pixelToLngLat, rasterizeField, type GlobeView } from './first-view-raster.ts';

/** The server's grid shape: 45–90°N every 0.25°, all longitudes every 0.5° (row 0 at 45°N). */
const GRID: RegularGrid = { lon0: 0, dlon: 0.5, nlon: 720, lat0: 45, dlat: 0.25, nlat: 181 };
/** The map's first view: 78°N 90°E at zoom 4, in a 400 × 300 canvas. */
const VIEW: GlobeView = { width: 400, height: 300, center: [90, 78], zoom: 4 };

/** A slice whose value is the cell's latitude, missing (land) between 92°E and 93°E. */
function latitudeSlice(): Float32Array {
  const values = new Float32Array(GRID.nlat * GRID.nlon);
  for (let row = 0; row < GRID.nlat; row++) {
    for (let column = 0; column < GRID.nlon; column++) {
      const lon = GRID.lon0 + column * GRID.dlon;
      values[row * GRID.nlon + column] = lon >= 92 && lon < 93 ? NaN : GRID.lat0 + row * GRID.dlat;
    }
  }
  return values;
}

const RAD = Math.PI / 180;

/** Where [lon, lat] (degrees) falls on the canvas (orthographic, as MapLibre's globe), or null on the far side. */
function lngLatToPixel(lon: number, lat: number, view: GlobeView): [number, number] | null {
  const r = globeRadiusPx(view);
  const [lon0, lat0] = view.center;
  const phi = lat * RAD;
  const phi0 = lat0 * RAD;
  const dl = (lon - lon0) * RAD;
  const cosc = Math.sin(phi0) * Math.sin(phi) + Math.cos(phi0) * Math.cos(phi) * Math.cos(dl);
  if (cosc < 0) return null;
  const x = r * Math.cos(phi) * Math.sin(dl);
  const y = r * (Math.cos(phi0) * Math.sin(phi) - Math.sin(phi0) * Math.cos(phi) * Math.cos(dl));
  return [view.width / 2 + x, view.height / 2 - y];
}

const pixel = (rgba: Uint8ClampedArray, [x, y]: [number, number]) => {
  const at = (Math.floor(y) * VIEW.width + Math.floor(x)) * 4;
  return [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]];
};

describe('first view raster', () => {
  it("uses MapLibre's globe scale: about 109 px per degree of latitude at 78°N, zoom 4", () => {
    expect(globeRadiusPx(VIEW)).toBeCloseTo(8192 / (2 * Math.PI) / Math.cos((78 * Math.PI) / 180), 6);
    const [x, y] = lngLatToPixel(90, 79, VIEW)!;
    expect(x).toBeCloseTo(200, 6);
    expect(150 - y).toBeCloseTo(globeRadiusPx(VIEW) * Math.sin(Math.PI / 180), 6); // 109.4 px
    // East of the centre is to the right, and the round trip holds.
    expect(lngLatToPixel(95, 78, VIEW)![0]).toBeGreaterThan(200);
    const back = pixelToLngLat(...lngLatToPixel(93.2, 76.4, VIEW)!, VIEW)!;
    expect(back[0]).toBeCloseTo(93.2, 9);
    expect(back[1]).toBeCloseTo(76.4, 9);
  });

  it("keeps MapLibre's scale above 85.05°N: the whole Arctic's view from above the pole is not a giant globe", () => {
    const atLimit = globeRadiusPx({ ...VIEW, center: [115, 85.051129], zoom: 0.15 });
    expect(globeRadiusPx({ ...VIEW, center: [115, 89.9], zoom: 0.15 })).toBeCloseTo(atLimit, 9);
    expect(atLimit).toBeCloseTo((512 * 2 ** 0.15) / (2 * Math.PI) / Math.cos((85.051129 * Math.PI) / 180), 6); // 1 047 px
  });

  it('finds the nearest cell, wrapping longitudes, and none outside the grid', () => {
    expect(cellAt(GRID, 90.1, 78.1)).toBe(Math.round((78.1 - 45) / 0.25) * 720 + 180);
    expect(cellAt(GRID, -0.2, 45)).toBe(0);
    expect(cellAt(GRID, 359.6, 45)).toBe(719);
    expect(cellAt(GRID, 90, 44)).toBe(-1);
  });

  it('finds the cell pyproj puts a point in on the whole Arctic’s polar stereographic grid', () => {
    const region = regionById('arctic');
    if (region.kind !== 'projected') throw new Error('arctic is projected');
    const arctic = fieldGridOfPlanar(region.grid)!;
    for (const p of expected.points) expect(cellAt(arctic, p.lon, p.lat), `${p.lon}, ${p.lat}`).toBe(p.index);
  });

  it('paints each pixel with the ramp texel of the value under it, the map alpha, and nothing on missing cells', () => {
    const range = [45, 90] as const;
    const rgba = rasterizeField({ grid: GRID, values: latitudeSlice(), components: 1, ramp: iceRamp, range }, VIEW);
    for (const [lon, lat] of [
      [90, 78],
      [90, 78.8],
      [88, 77.5],
      [91.5, 77.2],
    ] as const) {
      const at = lngLatToPixel(lon, lat, VIEW)!;
      const under = pixelToLngLat(Math.floor(at[0]) + 0.5, Math.floor(at[1]) + 0.5, VIEW)!;
      const value = GRID.lat0 + Math.round((under[1] - GRID.lat0) / GRID.dlat) * GRID.dlat;
      expect(pixel(rgba, at)).toEqual([...colourForValue(iceRamp, value, range), FIELD_ALPHA_BYTE]);
    }
    // Higher latitude, higher value: the colour changes from the bottom of the view to its top.
    expect(pixel(rgba, [200, 290])).not.toEqual(pixel(rgba, [200, 10]));
    // Land (NaN) stays transparent.
    expect(pixel(rgba, lngLatToPixel(92.6, 78, VIEW)!)[3]).toBe(0);
  });

  it('draws drift as its speed on the drift ramp', () => {
    const values = new Float32Array(GRID.nlat * GRID.nlon * 2);
    for (let k = 0; k < values.length; k += 2) {
      values[k] = 0.3; // u, m/s
      values[k + 1] = 0.4; // v, m/s: speed 0.5
    }
    const rgba = rasterizeField({ grid: GRID, values, components: 2, ramp: driftRamp, range: [0, 1] }, VIEW);
    expect(pixel(rgba, [200, 150])).toEqual([...colourForValue(driftRamp, 0.5, [0, 1]), FIELD_ALPHA_BYTE]);
  });
});
