/**
 * The route on the map, as deck.gl layers from @deck.gl/layers: while drawing, the waypoints and
 * the line through them; once checked, the samples of the lead shown in the sidebar as a path coloured by
 * POLARIS category (grey where there is land or no data), and dashed grey where the route leaves the forecast
 * area (samples not covered), so "no data" never looks like a line through open water.
 */
import type { LayersList } from '@deck.gl/core';
import { PathStyleExtension, type PathStyleExtensionProps } from '@deck.gl/extensions';
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { RioCategory } from '../../../../common/polaris/polaris.ts';
import { CATEGORY_COLOURS, type Rgb } from '../../../map/layers/polaris-layer/index.ts';
import { unwrapRing } from '../../../../common/lonlat-rings.ts';
import { LEAD_HOURS } from '../forecast-variables.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';

export const ROUTE_LAYER_ID = 'route-check';

/** Samples on land or without data. */
const NO_DATA_COLOUR: Rgb = [140, 140, 140];
const DRAFT_COLOUR: [number, number, number, number] = [255, 255, 255, 230];

type Position = [number, number];
interface Run {
  path: Position[];
  colour: Rgb;
  /** Outside the forecast area: drawn dashed. */
  outside: boolean;
}

/** Dash and gap, in line widths (PathStyleExtension's unit). */
const OUTSIDE_DASH: [number, number] = [3, 2];
// The route is sampled every ≤ 5 km, a pixel or two per segment: dashes must run along the whole path, not
// restart (or be justified) per segment, hence high-precision dashes.
const dashes = new PathStyleExtension({ dash: true, highPrecisionDash: true });

// Drawn over the field whatever the depth buffer holds (the globe's field mesh dips below the sphere).
const overlay = { depthCompare: 'always', depthWriteEnabled: false } as const;

type RouteState = Pick<ForecastMapState, 'routeMode' | 'routeWaypoints' | 'routeChecks' | 'leadIndex'>;

/** Consecutive samples of one category (and coverage) become one path; each run ends where the next begins. */
export function categoryRuns(samples: { lat: number; lon: number; category: RioCategory | null; covered?: boolean }[]): Run[] {
  const runs: Run[] = [];
  let current: Run | null = null;
  let currentKey: string | undefined;
  for (const s of samples) {
    const position: Position = [s.lon, s.lat];
    // An answer from a server without `covered` counts as covered.
    const outside = s.covered === false;
    const key = outside ? 'outside' : String(s.category);
    if (current && key === currentKey) {
      current.path.push(position);
      continue;
    }
    if (current) current.path.push(position);
    current = { path: [position], colour: !outside && s.category ? CATEGORY_COLOURS[s.category] : NO_DATA_COLOUR, outside };
    currentKey = key;
    runs.push(current);
  }
  // A route across 180° (the Northern Sea Route to the Bering Strait) keeps going past ±180° rather than jumping
  // back: a segment from 179.9° to −179.9° would be drawn the long way, a whole circle round the pole.
  return runs.filter((run) => run.path.length > 1).map((run) => ({ ...run, path: unwrapRing(run.path).points }));
}

export function buildRouteLayers(state: RouteState): LayersList {
  if (state.routeMode === 'off' || state.routeWaypoints.length === 0) return [];
  const waypoints = state.routeWaypoints.map(([lat, lon]): Position => [lon, lat]);
  const result = state.routeChecks?.results[LEAD_HOURS[state.leadIndex]];
  const layers: LayersList = [];
  if (result) {
    const runs = categoryRuns(result.samples);
    layers.push(
      new PathLayer<Run>({
        id: ROUTE_LAYER_ID,
        data: runs.filter((run) => !run.outside),
        getPath: (run) => run.path,
        getColor: (run) => [...run.colour, 255],
        getWidth: 5,
        widthUnits: 'pixels',
        capRounded: true,
        jointRounded: true,
        parameters: overlay,
      }),
      new PathLayer<Run, PathStyleExtensionProps<Run>>({
        id: `${ROUTE_LAYER_ID}-outside`,
        data: runs.filter((run) => run.outside),
        getPath: (run) => run.path,
        getColor: [...NO_DATA_COLOUR, 255],
        getWidth: 4,
        widthUnits: 'pixels',
        getDashArray: OUTSIDE_DASH,
        extensions: [dashes],
        parameters: overlay,
      }),
    );
  } else if (waypoints.length > 1) {
    layers.push(
      new PathLayer<Position[]>({
        id: `${ROUTE_LAYER_ID}-draft`,
        data: [unwrapRing(waypoints).points],
        getPath: (path) => path,
        getColor: DRAFT_COLOUR,
        getWidth: 2,
        widthUnits: 'pixels',
        parameters: overlay,
      }),
    );
  }
  layers.push(
    new ScatterplotLayer<Position>({
      id: `${ROUTE_LAYER_ID}-waypoints`,
      data: waypoints,
      getPosition: (p) => p,
      getRadius: 4,
      radiusUnits: 'pixels',
      getFillColor: [255, 255, 255, 255],
      getLineColor: [20, 30, 40, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
      parameters: overlay,
    }),
  );
  return layers;
}

/** Whether the route layers need rebuilding after a store change. */
export function routeLayersChanged(state: RouteState, previous: RouteState): boolean {
  return (
    state.routeMode !== previous.routeMode ||
    state.routeWaypoints !== previous.routeWaypoints ||
    state.routeChecks !== previous.routeChecks ||
    (state.routeChecks !== null && state.leadIndex !== previous.leadIndex)
  );
}
