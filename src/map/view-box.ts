/**
 * The longitude/latitude box a MapLibre map shows (degrees, [west, south, east, north]; west > east when the view
 * crosses 180°), and that box with a margin, which the decode worker asks the server's `bbox=` window for on a slow
 * link (workers/forecast/slice-windows.ts). The box is the particles' (layers/particle-layer/view-bounds.ts: screen
 * points turned back into longitude/latitude, the pole included when it is on screen), so Mercator, the globe, a
 * view across 180° and one over the pole are boxed as seen.
 */
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import { viewBounds } from './layers/particle-layer/view-bounds.ts';

/** What the box needs of a MapLibre map. */
export interface MapViewLike {
  unproject(point: [number, number]): { lng: number; lat: number };
  project(lngLat: [number, number]): { x: number; y: number };
  getCenter(): { lng: number };
  getContainer(): { clientWidth: number; clientHeight: number };
}

/** The margin a window adds on each side, as a share of the view's span: a pan this far needs no new window. */
export const VIEW_MARGIN = 0.25;

/** The box the map's canvas shows; null before it has a size, or when part of it is sky (a globe seen whole). */
export function visibleBox(map: MapViewLike): Bbox | null {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const bounds = viewBounds({
    width,
    height,
    longitude: map.getCenter().lng,
    unproject: ([x, y]) => {
      const { lng, lat } = map.unproject([x, y]);
      return [lng, lat];
    },
    project: ([lng, lat]) => {
      const { x, y } = map.project([lng, lat]);
      return [x, y];
    },
  });
  return bounds && toBbox(...bounds);
}

/** A box from a span whose east may pass ±180°: longitudes back in −180…180, every longitude when it spans 360°. */
function toBbox(west: number, south: number, east: number, north: number): Bbox {
  if (east - west >= 360) return [-180, south, 180, north];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const [w, e] = [wrap(west), wrap(east)];
  // 180° itself as the east edge (not −180): a box ending there is one span, not a crossing.
  return [w, south, e === -180 && east > west ? 180 : e, north];
}

/** `box` grown by `margin` of its span on each side (latitudes kept within ±90°). */
export function withMargin(box: Bbox, margin = VIEW_MARGIN): Bbox {
  const [west, south, east, north] = box;
  const eastward = east > west ? east : east + 360;
  const dlon = (eastward - west) * margin;
  const dlat = (north - south) * margin;
  return toBbox(west - dlon, Math.max(-90, south - dlat), eastward + dlon, Math.min(90, north + dlat));
}
