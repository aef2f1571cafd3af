/**
 * The ice chart on the map, from @deck.gl/layers: the polygons filled in the chosen code's colours
 * (SolidPolygonLayer, tessellated once per chart: a code or class switch only recolours), their outlines
 * (PathLayer, in CSS pixels at every zoom), and the polygon whose egg code is open outlined on top. Drawn over the
 * forecast field, translucent enough to see it through, under the tools' lines.
 */
import type { Layer, LayerExtension } from '@deck.gl/core';
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

/** What the layers draw of a polygon. */
type Drawn = Pick<PreparedPolygon, 'rings' | 'outlines'>;

/** Outlines per chart, made once: one path per ring. */
const outlinesOf = new WeakMap<readonly Drawn[], Outline[]>();

function outlines(polygons: readonly Drawn[]): Outline[] {
  let paths = outlinesOf.get(polygons);
  if (!paths) {
    paths = polygons.flatMap((polygon) => polygon.outlines.map((path) => ({ path })));
    outlinesOf.set(polygons, paths);
  }
  return paths;
}

type Rgba = [number, number, number, number];

/** How the chart's layers are made; `visible: false` lays them out (tessellated, uploaded) without drawing them. */
interface LayerSettings {
  extensions?: LayerExtension[];
  visible?: boolean;
}

function fillLayer<T extends Drawn>(id: string, polygons: readonly T[], getFillColor: (polygon: T) => Rgba, colourKey: string, settings: LayerSettings = {}): Layer {
  return new SolidPolygonLayer<T>({
    id,
    data: polygons,
    getPolygon: (polygon) => polygon.rings,
    getFillColor,
    updateTriggers: { getFillColor: colourKey },
    // Rings keep going past ±180° (chart-geometry.ts): no cutting at the antimeridian.
    wrapLongitude: false,
    parameters: OVER_FIELD,
    extensions: settings.extensions ?? [],
    visible: settings.visible ?? true,
  });
}

function outlineLayer(id: string, polygons: readonly Drawn[], colour: Rgba, widthPx: number, rounded: boolean, visible = true): Layer {
  return new PathLayer<Outline>({
    id,
    data: outlines(polygons),
    getPath: (outline) => outline.path,
    getColor: colour,
    getWidth: widthPx,
    widthUnits: 'pixels',
    jointRounded: rounded,
    wrapLongitude: false,
    parameters: OVER_FIELD,
    visible,
  });
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
  settings: LayerSettings = {},
): Layer[] {
  const fillOf = (polygon: PreparedPolygon): Rgba => {
    const colour = colourOf(polygon);
    return colour ? [colour[0], colour[1], colour[2], FILL_ALPHA] : [0, 0, 0, 0];
  };
  const layers = [
    fillLayer(`${CHART_LAYER_ID}-fill`, polygons, fillOf, colourKey, settings),
    outlineLayer(`${CHART_LAYER_ID}-outline`, polygons, OUTLINE_COLOUR, OUTLINE_PX, false, settings.visible),
  ];
  const chosen = selected === null ? [] : polygons.filter((polygon) => polygon.index === selected);
  if (chosen.length > 0) layers.push(outlineLayer(`${CHART_LAYER_ID}-selected`, chosen, SELECTED_COLOUR, SELECTED_PX, true));
  return layers;
}

const INVISIBLE: Rgba = [0, 0, 0, 0];

/**
 * The chart's two layers with the same settings (so the same GPU programs) over `polygons`, fully transparent:
 * drawn once ahead of the chart, they leave those programs compiled and cached for it (chart-warm-up.ts).
 */
export function chartWarmUpLayers(polygons: readonly Drawn[]): Layer[] {
  return [
    fillLayer(`${CHART_LAYER_ID}-warm-up-fill`, polygons, () => INVISIBLE, 'warm-up'),
    outlineLayer(`${CHART_LAYER_ID}-warm-up-outline`, polygons, INVISIBLE, OUTLINE_PX, false),
  ];
}

type ChartState = Pick<ForecastMapState, 'chartView' | 'chart' | 'chartPolygon' | 'iceClass' | 'chartAhead' | 'date'>;

/** The colouring a chart gets when the toggle turns it on ('Сплочённость'): the one laid out ahead. */
const FIRST_VIEW = 'ct';

/**
 * What the store shows of the chart, coloured in the chosen code (POLARIS: for the ship's ice class); `extensions`
 * go on the fill layer (chart-drawn.ts hears it draw). Before the toggle, a chart prepared ahead (chart-loader.ts)
 * is laid out unseen in the toggle's first colouring, under the same layer ids: turning it on then only draws it.
 */
export function buildChartLayers(state: ChartState, extensions: LayerExtension[] = []): Layer[] {
  const view = state.chartView;
  const ahead = state.chartAhead?.date === state.date ? state.chartAhead?.polygons : null;
  if (!view && ahead) return chartLayers(ahead, (polygon) => polygonColour(FIRST_VIEW, polygon.properties), FIRST_VIEW, null, { extensions, visible: false });
  if (!view || !state.chart) return [];
  const { iceClass } = state;
  const polygons = state.chart.polygons;
  if (view === 'polaris') return chartLayers(polygons, (polygon) => polarisColour(polygon, iceClass), `polaris|${iceClass}`, state.chartPolygon, { extensions });
  return chartLayers(polygons, (polygon) => polygonColour(view, polygon.properties), view, state.chartPolygon, { extensions });
}

export function chartLayersChanged(state: ChartState, previous: ChartState): boolean {
  return (
    state.chartView !== previous.chartView ||
    state.chart !== previous.chart ||
    state.chartPolygon !== previous.chartPolygon ||
    state.chartAhead !== previous.chartAhead ||
    state.date !== previous.date ||
    (state.chartView === 'polaris' && state.iceClass !== previous.iceClass)
  );
}
