/**
 * deck.gl PathLayers for the ice edges in the store: per run a dark casing, then the coloured core, the shown
 * run last (on top). Widths in CSS pixels, so the line is as thin at every zoom and in both projections.
 */
import type { Layer } from '@deck.gl/core';
import { PathLayer } from '@deck.gl/layers';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import type { EdgeRun } from './edge-slice.ts';
import { contourPaths } from './edge-paths.ts';
import { CASING_COLOUR, CASING_PX, edgeStyle } from './edge-styles.ts';

const EDGE_LAYER_PREFIX = 'ice-edge';

/** Drawn over the field whatever the depth buffer holds (the globe's sphere must not hide a line on it). */
const OVER_EVERYTHING = { depthCompare: 'always', depthWriteEnabled: false } as const;

export function buildEdgeLayers(state: Pick<ForecastMapState, 'iceEdge' | 'edges' | 'assimilated'>): Layer[] {
  if (!state.iceEdge) return [];
  const shownRun: EdgeRun = state.assimilated ? 'assimilated' : 'free';
  const order: EdgeRun[] = (['analysis', 'free', 'assimilated'] as EdgeRun[]).filter((run) => run !== shownRun);
  order.push(shownRun);
  const layers: Layer[] = [];
  for (const run of order) {
    const lines = state.edges[run];
    if (!lines) continue;
    const data = contourPaths(lines);
    const style = edgeStyle(run, run === shownRun);
    for (const part of ['casing', 'core'] as const) {
      layers.push(
        new PathLayer<Float64Array>({
          id: `${EDGE_LAYER_PREFIX}-${run}-${part}`,
          data,
          getPath: (path) => path,
          positionFormat: 'XY',
          _pathType: 'open',
          getColor: part === 'casing' ? CASING_COLOUR : [...style.colour, 255],
          getWidth: part === 'casing' ? style.width + 2 * CASING_PX : style.width,
          widthUnits: 'pixels',
          jointRounded: true,
          capRounded: true,
          wrapLongitude: false,
          parameters: OVER_EVERYTHING,
        }),
      );
    }
  }
  return layers;
}
