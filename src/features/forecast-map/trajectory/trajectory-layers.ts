/**
 * The drift path on the map: a cyan line over a dark casing (visible over every ramp), and markers at +24/+48/+72 h
 * (white dots with a dark ring, growing with the lead). Widths and radii in pixels.
 */
import type { Layer } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { markerIndices } from './trajectory-result.ts';

const TRAJECTORY_LAYER_PREFIX = 'drift-trajectory';
const TRAJECTORY_COLOUR: [number, number, number] = [0, 229, 255];
const OVER_EVERYTHING = { depthCompare: 'always', depthWriteEnabled: false } as const;

export function buildTrajectoryLayers(state: Pick<ForecastMapState, 'trajectoryResult'>): Layer[] {
  const result = state.trajectoryResult;
  const track = result?.track;
  if (!result || !track || track.points.length < 2) return [];
  const markers = markerIndices(result).map((hours, k) => ({ position: track.points[hours], k }));
  return [
    ...(['casing', 'core'] as const).map(
      (part) =>
        new PathLayer<[number, number][]>({
          id: `${TRAJECTORY_LAYER_PREFIX}-${part}`,
          data: [track.points],
          getPath: (path) => path,
          getColor: part === 'casing' ? [10, 10, 10, 230] : [...TRAJECTORY_COLOUR, 255],
          getWidth: part === 'casing' ? 6 : 3,
          widthUnits: 'pixels',
          jointRounded: true,
          capRounded: true,
          parameters: OVER_EVERYTHING,
        }),
    ),
    new ScatterplotLayer<{ position: [number, number]; k: number }>({
      id: `${TRAJECTORY_LAYER_PREFIX}-markers`,
      data: markers,
      getPosition: (m) => m.position,
      getRadius: (m) => 4 + m.k,
      radiusUnits: 'pixels',
      stroked: true,
      getFillColor: [...TRAJECTORY_COLOUR, 255],
      getLineColor: [10, 10, 10, 255],
      getLineWidth: 2,
      lineWidthUnits: 'pixels',
      parameters: OVER_EVERYTHING,
    }),
  ];
}
