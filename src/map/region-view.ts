/**
 * Where the map looks for each region, and how far it may go. The sector keeps the spec's view (map-config.ts:
 * centre 78°N 90°E, zoom 4, kept within 50–115°E, 45–90°N); the whole Arctic is seen on the globe from above the
 * pole, so the Arctic Ocean, the pole, the Barents Sea and Chukotka share one 1280 × 800 view with no seam at 180°
 * and no Mercator smear above 85°N (common/regions/README.md, "The map view for the whole Arctic").
 */
import type { RegionId } from '../../common/regions/types.ts';
import { MAP_BOUNDS, MAP_CENTER, MAP_MIN_ZOOM, MAP_ZOOM } from './map-config.ts';

export interface RegionView {
  /** [longitude, latitude], degrees. */
  center: [number, number];
  zoom: number;
  minZoom: number;
  /** [[west, south], [east, north]] in degrees; null: the whole globe may be turned to. */
  maxBounds: [[number, number], [number, number]] | null;
  /** The globe only: a Mercator view of the whole Arctic stretches everything above 85°N into a band. */
  globeOnly: boolean;
}

export const REGION_VIEWS: Readonly<Record<RegionId, RegionView>> = {
  sector: { center: MAP_CENTER, zoom: MAP_ZOOM, minZoom: MAP_MIN_ZOOM, maxBounds: MAP_BOUNDS, globeOnly: false },
  arctic: {
    // Above the pole (89.9°N: exactly 90° leaves the view's orientation to chance), the 115°E meridian pointing down
    // the screen, so the Northern Sea Route arcs across the lower half: in a 980 × 736 map (1280 × 800 less the
    // sidebar and the bar) the pole at the centre, the Kara Gate 330 px down-left, the Bering Strait 390 px right,
    // Greenland and the Canadian Arctic above (measured with map.project in Chromium).
    center: [115, 89.9],
    zoom: 0.15,
    // Out far enough to see the grid's corners (about 31°N).
    minZoom: 0,
    maxBounds: null,
    globeOnly: true,
  },
};

export function regionView(region: RegionId): RegionView {
  return REGION_VIEWS[region];
}
