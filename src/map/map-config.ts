/**
 * Where the map starts and how far it may go, and where the base tiles come from.
 *
 * Tile URL, first match wins:
 *  1. runtime: `<meta name="ice-tile-url" content="https://tiles.example/{z}/{y}/{x}.jpeg">` in index.html
 *     (a site can edit the built dist/index.html without rebuilding);
 *  2. build time: VITE_TILE_URL;
 *  3. NASA GIBS Blue Marble (EPSG:3857, up to zoom 8).
 * The value `offline` skips the tiles and shows the packaged Natural Earth basemap at once.
 */

/** 78°N 90°E, as [longitude, latitude] in degrees. */
export const MAP_CENTER: [number, number] = [90, 78];
export const MAP_ZOOM = 4;
export const MAP_MIN_ZOOM = 4;
/** GIBS' GoogleMapsCompatible_Level8 matrix set stops at zoom 8; deeper zoom would only magnify. */
export const MAP_MAX_ZOOM = 8;
/** The view stays within 50–115°E, 45–90°N: [[west, south], [east, north]], degrees. */
export const MAP_BOUNDS: [[number, number], [number, number]] = [
  [50, 45],
  [115, 90],
];

export const GIBS_BLUE_MARBLE_URL =
  'https://gibs.earthdata.nasa.gov/wmts/epsg3857/best/BlueMarble_ShadedRelief_Bathymetry/default/GoogleMapsCompatible_Level8/{z}/{y}/{x}.jpeg';

/** A tile URL of this value means: do not try tiles, show the offline basemap. */
export const OFFLINE_TILE_URL = 'offline';

/** No tile within this long after the map starts (ms) → the offline basemap: a ship's link may hang, not fail. */
export const TILE_TIMEOUT_MS = 6000;
/** This many tile errors with no tile loaded → the offline basemap. */
export const TILE_ERROR_LIMIT = 3;

export function resolveTileUrl(
  doc: Pick<Document, 'querySelector'> | null = typeof document === 'undefined' ? null : document,
  buildTimeUrl: string | undefined = import.meta.env.VITE_TILE_URL as string | undefined,
): string {
  const runtime = doc?.querySelector('meta[name="ice-tile-url"]')?.getAttribute('content')?.trim();
  if (runtime) return runtime;
  if (buildTimeUrl && buildTimeUrl.trim()) return buildTimeUrl.trim();
  return GIBS_BLUE_MARBLE_URL;
}
