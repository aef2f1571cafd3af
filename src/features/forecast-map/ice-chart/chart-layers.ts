/**
 * The ice chart on the map, from @deck.gl/layers: the polygons filled in the chosen code's colours
 * (SolidPolygonLayer, tessellated once per chart: a code or class switch only recolours), their outlines
 * (PathLayer, in CSS pixels at every zoom), and the polygon whose egg code is open outlined on top. Drawn over the
 * forecast field, translucent enough to see it through, under the tools' lines.
 */
import type { Layer } from '@deck.gl/core';
import { PathLayer, SolidPolygonLayer } from '@deck.gl/layers';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { polygonColour, type Rgb } from './chart-colours.ts';
import { polarisColour } from './chart-polaris.ts';
import type { Position, PreparedPolygon } from './chart-geometry.ts';

export const CHART_LAYER_ID = 'ice-chart';

/** Fill opacity, 0–255: the field shows through a little; the chart's colours stay the standard's. */
const FILL_ALPHA = 210;
const OUTLINE_COLOUR: [number, number, number, number] = [40, 40, 40, 220];
const SELECTED_COLOUR: [number, number, number, number] = [0, 0, 0, 255];
/** Widths in CSS pixels. */
const OUTLINE_PX = 1;
const SELECTED_PX = 3;

/** Drawn over the field whatever the depth buffer holds (the globe's field mesh dips below the sphere). */
const OVER_FIELD = { depthCompare: 'always', depthWriteEnabled: false } as const;

export type ChartColourOf = (polygon: PreparedPolygon) => Rgb | null;

interface Outline {
  path: Position[];
}

/** Outlines per chart, made once: one path per ring. */
const outlinesOf = new WeakMap<readonly PreparedPolygon[], Outline[]>();

function outlines(polygons: readonly PreparedPolygon[]): Outline[] {
  let paths = outlinesOf.get(polygons);
  if (!paths) {
    paths = polygons.flatMap((polygon) => polygon.outlines.map((path) => ({ path })));
    outlinesOf.set(polygons, paths);
  }
  return paths;
}

/**
 * The chart's layers for a colouring. `colourKey` names what the colours depend on (the code, the ice class), so
 * deck.gl recomputes the colours, and only them, when it changes.
 */
export function chartLayers(
  polygons: readonly PreparedPolygon[],
  colourOf: ChartColourOf,
  colourKey: string,
  selected: number | null,
): Layer[] {
  const layers: Layer[] = [
    new SolidPolygonLayer<PreparedPolygon>({
      id: `${CHART_LAYER_ID}-fill`,
      data: polygons,
      getPolygon: (polygon) => polygon.rings,
      getFillColor: (polygon) => {
        const colour = colourOf(polygon);
        return colour ? [colour[0], colour[1], colour[2], FILL_ALPHA] : [0, 0, 0, 0];
      },
      updateTriggers: { getFillColor: colourKey },
      // Rings keep going past ±180° (chart-geometry.ts): no cutting at the antimeridian.
      wrapLongitude: false,
      parameters: OVER_FIELD,
    }),
    new PathLayer<Outline>({
      id: `${CHART_LAYER_ID}-outline`,
      data: outlines(polygons),
      getPath: (outline) => outline.path,
      getColor: OUTLINE_COLOUR,
      getWidth: OUTLINE_PX,
      widthUnits: 'pixels',
      wrapLongitude: false,
      parameters: OVER_FIELD,
    }),
  ];
  const chosen = selected === null ? [] : polygons.filter((polygon) => polygon.index === selected);
  if (chosen.length > 0) {
    layers.push(
      new PathLayer<Outline>({
        id: `${CHART_LAYER_ID}-selected`,
        data: outlines(chosen),
        getPath: (outline) => outline.path,
        getColor: SELECTED_COLOUR,
        getWidth: SELECTED_PX,
        widthUnits: 'pixels',
        jointRounded: true,
        wrapLongitude: false,
        parameters: OVER_FIELD,
      }),
    );
  }
  return layers;
}

type ChartState = Pick<ForecastMapState, 'chartView' | 'chart' | 'chartPolygon' | 'iceClass'>;

/** What the store shows of the chart, coloured in the chosen code (POLARIS: for the ship's ice class). */
export function buildChartLayers(state: ChartState): Layer[] {
  const view = state.chartView;
  if (!view || !state.chart) return [];
  const { iceClass } = state;
  if (view === 'polaris') return chartLayers(state.chart.polygons, (polygon) => polarisColour(polygon, iceClass), `polaris|${iceClass}`, state.chartPolygon);
  return chartLayers(state.chart.polygons, (polygon) => polygonColour(view, polygon.properties), view, state.chartPolygon);
}

export function chartLayersChanged(state: ChartState, previous: ChartState): boolean {
  return (
    state.chartView !== previous.chartView ||
    state.chart !== previous.chart ||
    state.chartPolygon !== previous.chartPolygon ||
    (state.chartView === 'polaris' && state.iceClass !== previous.iceClass)
  );
}
