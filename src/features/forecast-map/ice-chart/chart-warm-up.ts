/**
 * The chart's drawing made ready before the toggle. The first frame of the chart's layers compiles their GPU
 * programs: about 0.8 s on a software-rendered GPU (SwiftShader), most of the loopback toggle. Once the date's chart
 * has been listed ahead (chart-loader.ts: the page idle, a chart there), the same two layers are drawn for one frame,
 * transparent, over a tiny triangle at the map's centre; deck.gl keeps the compiled programs for the real layers.
 * A toggle before that (the page not yet idle) draws them at once, so that the compiling runs while the chart is
 * listed, fetched and meshed (in the chart worker) rather than after. A page whose date has no chart pays nothing.
 */
import type { Layer } from '@deck.gl/core';
import type * as maplibregl from 'maplibre-gl';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';
import { chartWarmUpLayers } from './chart-layers.ts';
import type { Position } from './chart-geometry.ts';

/** The warm-up triangle's size, degrees: a few pixels, drawn transparent. */
const TRIANGLE_DEG = 0.5;

export class ChartWarmUp {
  private phase: 'waiting' | 'drawing' | 'done' = 'waiting';
  private drawn: Layer[] = [];

  /** `refresh` hands the map its layers again (with or without these). */
  constructor(
    private readonly store: ForecastMapStore,
    private readonly map: maplibregl.Map,
    private readonly refresh: () => void,
  ) {}

  start(): () => void {
    const check = (state: ReturnType<ForecastMapStore['getState']>) => {
      if (this.phase !== 'waiting') return;
      // The real layers are there: they compile the programs themselves.
      if (state.chart) {
        this.phase = 'done';
        return;
      }
      // Ahead once the date's chart is known; else at the toggle, while the chart is fetched and meshed in its worker.
      if (!state.chartAhead?.info && !state.chartView) return;
      this.phase = 'drawing';
      // deck.gl draws inside MapLibre's frames, which need the style.
      if (this.map.isStyleLoaded()) this.draw();
      else this.map.once('load', () => this.draw());
    };
    const unsubscribe = this.store.subscribe(check);
    check(this.store.getState());
    return () => {
      unsubscribe();
      this.phase = 'done';
    };
  }

  /** The warm-up layers while their one frame is due, else none. */
  layers(): Layer[] {
    return this.phase === 'drawing' ? this.drawn : [];
  }

  private draw(): void {
    if (this.phase !== 'drawing') return;
    const { lng, lat } = this.map.getCenter();
    const ring: Position[] = [
      [lng, lat],
      [lng + TRIANGLE_DEG, lat],
      [lng, lat + TRIANGLE_DEG],
      [lng, lat],
    ];
    this.drawn = chartWarmUpLayers([{ rings: [ring], outlines: [ring] }]);
    this.refresh();
    this.map.once('render', () => {
      if (this.phase !== 'drawing') return;
      performance.mark('ice-chart:warmed-up');
      this.phase = 'done';
      this.drawn = [];
      this.refresh();
    });
    this.map.triggerRepaint();
  }
}
