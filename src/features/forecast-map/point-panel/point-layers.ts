/** The clicked point on the map: a white dot with a dark ring (visible over every ramp), pixels in size. */
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import type { MapPoint } from '../map-tools/tools-slice.ts';

const POINT_LAYER_ID = 'map-point';

export function buildPointLayers(state: Pick<ForecastMapState, 'point'>): Layer[] {
  if (!state.point) return [];
  return [
    new ScatterplotLayer<MapPoint>({
      id: POINT_LAYER_ID,
      data: [state.point],
      getPosition: (p) => [p.lon, p.lat],
      getRadius: 5,
      radiusUnits: 'pixels',
      stroked: true,
      getFillColor: [255, 255, 255, 255],
      getLineColor: [10, 10, 10, 255],
      getLineWidth: 2,
      lineWidthUnits: 'pixels',
      parameters: { depthCompare: 'always', depthWriteEnabled: false },
    }),
  ];
}
