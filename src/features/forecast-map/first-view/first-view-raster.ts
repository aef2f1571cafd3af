/**
 * The first view's picture: a decoded slice drawn on the CPU, as the map will draw it, before
 * MapLibre and deck.gl have arrived over a slow link. Same view as the map's first frame: MapLibre's globe at
 * the region's zoom around its centre (src/map/region-view.ts; an orthographic view of a sphere whose radius in pixels is MapLibre's
 * `worldSize / 2π / cos(centre latitude)`, worldSize = 512 · 2^zoom; its perspective camera differs from this by
 * well under a pixel at zoom 4), the same nearest-cell lookup on the file's regular grid, the same colour
 * ramp texels (`sampleRamp`, as the shader samples them) and the same alpha (200/255 × opacity 0.7).
 * Pure: no DOM, no GL; the component puts the bytes on a canvas.
 */
import { fieldCellAt, isProjectedGrid, type FieldGrid } from '../../../../common/field-grid.ts';
import { normaliseValue, RAMP_SIZE, sampleRamp, type ColourRamp } from '../../../map/colour-ramps.ts';

/** MapLibre's tile size in pixels: worldSize = TILE_PX · 2^zoom. */
const TILE_PX = 512;
/** Alpha of a valid cell on the map: 200/255 (scalar-field-layer's VALID_CELL_ALPHA) × the layer's opacity 0.7. */
export const FIELD_ALPHA_BYTE = Math.round((200 / 255) * 0.7 * 255);

export interface GlobeView {
  /** Canvas size in pixels. */
  width: number;
  height: number;
  /** [longitude, latitude] at the canvas centre, degrees. */
  center: readonly [number, number];
  zoom: number;
}

const RAD = Math.PI / 180;
/** MapLibre scales the globe by the centre's latitude only up to Web Mercator's limit (planetScaleAtLatitude), degrees. */
const MAX_SCALED_LATITUDE = 85.051129;

/** MapLibre's globe radius in pixels for a view (globe_utils' getGlobeRadiusPixels), the pole's view included. */
export function globeRadiusPx(view: GlobeView): number {
  return (TILE_PX * 2 ** view.zoom) / (2 * Math.PI) / Math.cos(Math.min(Math.abs(view.center[1]), MAX_SCALED_LATITUDE) * RAD);
}

/** The [lon, lat] (degrees) under the centre of pixel (x, y), or null off the globe. */
export function pixelToLngLat(x: number, y: number, view: GlobeView): [number, number] | null {
  const r = globeRadiusPx(view);
  const px = (x - view.width / 2) / r;
  const py = (view.height / 2 - y) / r;
  const rho = Math.hypot(px, py);
  const [lon0, lat0] = view.center;
  if (rho === 0) return [lon0, lat0];
  if (rho > 1) return null;
  const c = Math.asin(rho);
  const phi0 = lat0 * RAD;
  const lat = Math.asin(Math.cos(c) * Math.sin(phi0) + (py * Math.sin(c) * Math.cos(phi0)) / rho) / RAD;
  const lon = lon0 + Math.atan2(px * Math.sin(c), rho * Math.cos(c) * Math.cos(phi0) - py * Math.sin(c) * Math.sin(phi0)) / RAD;
  return [lon, lat];
}

/** The grid cell (row-major index) nearest to [lon, lat], or -1 outside the grid. */
export function cellAt(grid: FieldGrid, lon: number, lat: number): number {
  // A polar grid is regular in its plane: the cell containing the point is the one whose centre is nearest.
  if (isProjectedGrid(grid)) return fieldCellAt(grid, lon, lat);
  const row = Math.round((lat - grid.lat0) / grid.dlat);
  if (row < 0 || row >= grid.nlat) return -1;
  // Longitudes wrap: the distance from the first column's centre along the grid's direction, in
  // [−half a cell, 360 − half a cell), so a grid all round the globe has no seam.
  const half = Math.abs(grid.dlon) / 2;
  const along = grid.dlon > 0 ? lon - grid.lon0 : grid.lon0 - lon;
  const offset = ((((along + half) % 360) + 360) % 360) - half;
  const column = Math.round(offset / Math.abs(grid.dlon));
  if (column < 0 || column >= grid.nlon) return -1;
  return row * grid.nlon + column;
}

/** A field to draw: one value per cell (NaN where missing), or for drift the interleaved u, v (speed is drawn). */
export interface FirstViewField {
  grid: FieldGrid;
  values: Float32Array;
  /** 1: scalar values; 2: interleaved u, v components (m/s), drawn as speed. */
  components: 1 | 2;
  ramp: ColourRamp;
  range: readonly [number, number];
}

/** RGBA bytes (view.width × view.height) of the field on the globe; transparent where there is no value. */
export function rasterizeField(field: FirstViewField, view: GlobeView): Uint8ClampedArray {
  const { width, height } = view;
  const out = new Uint8ClampedArray(width * height * 4);
  const ramp = sampleRamp(field.ramp);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const where = pixelToLngLat(x + 0.5, y + 0.5, view);
      if (!where) continue;
      const cell = cellAt(field.grid, where[0], where[1]);
      if (cell < 0) continue;
      const value =
        field.components === 1 ? field.values[cell] : Math.hypot(field.values[2 * cell], field.values[2 * cell + 1]);
      if (!Number.isFinite(value)) continue;
      const k = Math.round(normaliseValue(value, field.range) * (RAMP_SIZE - 1)) * 4;
      const at = (y * width + x) * 4;
      out[at] = ramp[k];
      out[at + 1] = ramp[k + 1];
      out[at + 2] = ramp[k + 2];
      out[at + 3] = FIELD_ALPHA_BYTE;
    }
  }
  return out;
}
