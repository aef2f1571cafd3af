/**
 * The longitude/latitude box the map shows, where particles are (re)born: like leaflet-velocity, the
 * particle count is per screen, so particles live where they can be seen. deck.gl's globe getBounds() reads
 * only the edge midpoints (it misses the corners at high latitude), so the box is built here from a 5 × 5
 * grid of screen points, with the pole included whenever it is on screen.
 */

/** What is needed of a deck.gl viewport (WebMercatorViewport or GlobeViewport). */
export interface ViewLike {
  width: number;
  height: number;
  longitude: number;
  unproject(xy: number[]): number[];
  project(lngLat: number[]): number[];
}

/** [minLon, minLat, maxLon, maxLat] in degrees, minLon ≤ maxLon (may pass ±180), or null: no restriction. */
export type LonLatBox = [number, number, number, number];

/** Share of the span added on each side, so particles drift into view from just outside it. */
const MARGIN = 0.05;

export function viewBounds(view: ViewLike): LonLatBox | null {
  const { width, height } = view;
  if (!(width > 0 && height > 0)) return null;
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 4; j++) {
      const [lon, lat] = view.unproject([(width * i) / 4, (height * j) / 4]);
      // Off the globe (sky) or a failed inversion: fall back to everywhere.
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
      // Longitudes relative to the view's centre, so a view across ±180° stays one interval.
      const unwrapped = view.longitude + (((lon - view.longitude + 540) % 360) - 180);
      minLon = Math.min(minLon, unwrapped);
      maxLon = Math.max(maxLon, unwrapped);
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
    }
  }
  for (const poleLat of [90, -90]) {
    const [x, y] = view.project([view.longitude, poleLat]);
    // On a globe the far side projects onto the screen too: the pole is visible only if the screen point
    // unprojects back to it.
    const onScreen = x >= 0 && x <= width && y >= 0 && y <= height;
    if (onScreen && Math.abs(view.unproject([x, y])[1] - poleLat) < 0.5) {
      // The pole is on screen: every longitude is.
      minLon = view.longitude - 180;
      maxLon = view.longitude + 180;
      if (poleLat > 0) maxLat = 90;
      else minLat = -90;
    }
  }
  const lonPad = (maxLon - minLon) * MARGIN;
  const latPad = (maxLat - minLat) * MARGIN;
  if (maxLon - minLon + 2 * lonPad >= 360) return [view.longitude - 180, Math.max(-90, minLat - latPad), view.longitude + 180, Math.min(90, maxLat + latPad)];
  return [minLon - lonPad, Math.max(-90, minLat - latPad), maxLon + lonPad, Math.min(90, maxLat + latPad)];
}
/** Where particles may be (re)born in a deck.gl viewport; null (no restriction) for views other than Web Mercator and globe. */
export function particleViewBox(viewport: Partial<ViewLike> & Omit<ViewLike, 'longitude'>): LonLatBox | null {
  return typeof viewport.longitude === 'number' ? viewBounds(viewport as ViewLike) : null;
}
