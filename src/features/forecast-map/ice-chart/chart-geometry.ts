/**
 * Chart polygons on the page: made ready for the map by `common/icecharts/prepare-chart.ts` (continuous rings, the
 * chart's own lines as outlines; in the chart worker, or here), and `polygonAt` for a click. Degrees throughout.
 */
import { type Position, type PreparedPolygon } from '../../../../common/icecharts/prepare-chart.ts';

export { prepareChart, preparePolygon, type Position, type PreparedPolygon } from '../../../../common/icecharts/prepare-chart.ts';

/** Even-odd rule over all the polygon's rings: inside the outer ring and in no hole. */
function inRings(rings: readonly Position[][], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * The polygon under a point (longitude in any of its 360° copies), or null. The chart's polygons do not overlap,
 * so the first hit is the one; polygons are tested after a bounding-box check (a few µs for a 342-polygon chart).
 */
export function polygonAt(polygons: readonly PreparedPolygon[], lon: number, lat: number): PreparedPolygon | null {
  for (const polygon of polygons) {
    const [west, south, east, north] = polygon.bbox;
    if (lat < south || lat > north) continue;
    for (const copy of [lon, lon - 360, lon + 360]) {
      if (copy >= west && copy <= east && inRings(polygon.rings, copy, lat)) return polygon;
    }
  }
  return null;
}
