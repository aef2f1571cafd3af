/**
 * Which polygon of a chart a point lies in: the features' boxes first, then even-odd point-in-polygon (the chart's
 * polygons do not overlap, build-chart.ts sees to it, so the first hit is the only one).
 */
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import type { MultiPoly } from './geometry-types.ts';
import { bounds, containsPoint } from './resolve-overlaps.ts';

export interface ChartLookup {
  /** The feature containing (lon, lat) in degrees, or null outside every polygon. */
  at(lon: number, lat: number): IceChartFeature | null;
}

export function chartLookup(features: IceChartFeature[]): ChartLookup {
  const entries = features.map((feature) => {
    const polys = (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as MultiPoly;
    return { feature, polys, box: bounds(polys) };
  });
  return {
    at(lon, lat) {
      const x = ((((lon + 180) % 360) + 360) % 360) - 180;
      for (const { feature, polys, box } of entries) {
        if (x < box[0] || x > box[2] || lat < box[1] || lat > box[3]) continue;
        if (containsPoint(polys, x, lat)) return feature;
      }
      return null;
    },
  };
}
