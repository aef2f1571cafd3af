/**
 * The page of bench:icecharts' client half (bundled by esbuild in the bench, never by Vite): a bare deck.gl Deck
 * (Web Mercator, 1280 × 800, no basemap) that draws one chart either as the map page does (the chart worker, bundled
 * beside this page and served as /chart-worker.js, fetches, parses and prepares it; `chartLayers` draws it:
 * SolidPolygonLayer fill + PathLayer outlines) or as the peer, deck.gl's stock GeoJsonLayer, given the same body
 * (fetched and parsed on the page) and filled and stroked with the same colours. Both fetch the body from the
 * bench's route (/chart.json). Every timing here is the page's own clock (ms); a frame ends with gl.finish()
 * (SwiftShader draws on the CPU, so finish() waits for the pixels).
 */
import * as Comlink from 'comlink';
import { Deck, type Layer } from '@deck.gl/core';
import { GeoJsonLayer } from '@deck.gl/layers';
import type { IceChartCollection, IceChartFeature } from '../../common/api-types/icecharts.ts';
import { polygonColour, type ChartCode } from '../../src/features/forecast-map/ice-chart/chart-colours.ts';
import { polygonAt, type PreparedPolygon } from '../../src/features/forecast-map/ice-chart/chart-geometry.ts';
import { chartLayers } from '../../src/features/forecast-map/ice-chart/chart-layers.ts';
import type { ChartWorkerApi } from '../../workers/chart.api.ts';
import { polygonsFromMesh } from '../../common/icecharts/chart-mesh.ts';
import { createChartClient, type ChartClient } from '../../workers/chart-client.ts';

type Mode = 'ours' | 'peer';

const WIDTH = 1280;
const HEIGHT = 800;
/** The AARI chart's Russian Arctic, as the map page opens it. */
const VIEW = { longitude: 110, latitude: 76, zoom: 2.6, pitch: 0, bearing: 0 };

let deck: Deck | null = null;
let chartClient: ChartClient | null = null;
const BODY_URL = '/chart.json';
let polygons: PreparedPolygon[] = [];
let features: IceChartFeature[] = [];

function finish(): void {
  const device = (deck as unknown as { device?: { gl?: WebGL2RenderingContext } }).device;
  device?.gl?.finish();
}

function draw(layers: Layer[]): void {
  deck!.setProps({ layers });
  deck!.redraw('bench');
  finish();
}

function ourLayers(code: ChartCode): Layer[] {
  return chartLayers(polygons, (polygon) => polygonColour(code, polygon.properties), code, null);
}

function peerLayers(code: ChartCode): Layer[] {
  return [
    new GeoJsonLayer<IceChartFeature['properties']>({
      id: 'peer-chart',
      data: features as never,
      filled: true,
      stroked: true,
      getFillColor: (feature) => {
        const colour = polygonColour(code, (feature as unknown as IceChartFeature).properties);
        return colour ? [colour[0], colour[1], colour[2], 210] : [0, 0, 0, 0];
      },
      updateTriggers: { getFillColor: code },
      getLineColor: [40, 40, 40, 220],
      getLineWidth: 1,
      lineWidthUnits: 'pixels',
      pickable: true,
    }),
  ];
}

const layersOf = (mode: Mode, code: ChartCode): Layer[] => (mode === 'ours' ? ourLayers(code) : peerLayers(code));

const api = {
  async start(): Promise<void> {
    const canvas = document.createElement('canvas');
    canvas.style.width = `${WIDTH}px`;
    canvas.style.height = `${HEIGHT}px`;
    document.body.style.margin = '0';
    document.body.append(canvas);
    await new Promise<void>((resolve) => {
      deck = new Deck({ canvas, width: WIDTH, height: HEIGHT, initialViewState: VIEW, controller: false, layers: [], onLoad: () => resolve() });
    });
    chartClient = createChartClient(Comlink.wrap<ChartWorkerApi>(new Worker('/chart-worker.js', { type: 'module' })) as unknown as ChartWorkerApi);
  },
  /**
   * From the request for the body to the first frame drawn in a code (fetch, parse, prepare, tessellate, draw), and
   * of that the main thread's part from the body (or, for ours, the worker's prepared chart) in hand: `wall` and `main`, ms.
   */
  async firstFrame(mode: Mode, code: ChartCode): Promise<{ wall: number; main: number }> {
    draw([]);
    const t0 = performance.now();
    let t1: number;
    if (mode === 'ours') {
      const prepared = await chartClient!.prepare(new URL(BODY_URL, location.href).href, new AbortController().signal);
      t1 = performance.now();
      polygons = polygonsFromMesh(prepared.polygons, prepared.mesh);
    } else {
      const text = await (await fetch(BODY_URL)).text();
      t1 = performance.now();
      features = (JSON.parse(text) as IceChartCollection).features;
    }
    draw(layersOf(mode, code));
    const t2 = performance.now();
    return { wall: t2 - t0, main: t2 - t1 };
  },
  /** A frame of what is shown (nothing changed). */
  frame(): number {
    const t0 = performance.now();
    deck!.redraw('bench');
    finish();
    return performance.now() - t0;
  },
  /** The other code shown: colours recomputed, geometry kept. */
  recolour(mode: Mode, code: ChartCode): number {
    const t0 = performance.now();
    draw(layersOf(mode, code));
    return performance.now() - t0;
  },
  /**
   * The polygon under each of `count` screen points (a click's lookup before its egg is drawn): ours on the CPU from
   * the prepared rings, the peer by deck.gl's GPU picking (`pickObjectAsync`, deck.gl 9's picking call). Mean ms per
   * point, and how many found a polygon.
   */
  async pick(mode: Mode, count: number): Promise<{ ms: number; found: number }> {
    const viewport = deck!.getViewports()[0];
    let found = 0;
    const t0 = performance.now();
    for (let i = 0; i < count; i += 1) {
      const x = ((i * 7919) % (WIDTH - 40)) + 20;
      const y = ((i * 104729) % (HEIGHT - 40)) + 20;
      if (mode === 'ours') {
        const [lon, lat] = viewport.unproject([x, y]);
        if (polygonAt(polygons, lon, lat)) found += 1;
      } else if (await deck!.pickObjectAsync({ x, y, radius: 0 })) found += 1;
    }
    return { ms: (performance.now() - t0) / count, found };
  },
};

(globalThis as unknown as { icechartBench: typeof api }).icechartBench = api;
