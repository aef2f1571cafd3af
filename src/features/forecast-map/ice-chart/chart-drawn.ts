/**
 * When the chart shown is on screen: the map's `data-chart-drawn` ('<chart id>|simplified' or '<chart id>|whole',
 * 'none' while no chart is shown), which the chart journey and bench:icecharts wait on. deck.gl updates layers in
 * its own animation frame and draws them in MapLibre's, so a store change is not yet a drawing: the fill layer
 * carries `extension`, which hears the layer draw its data, and the chart counts as drawn when that frame ends.
 */
import { LayerExtension, type Layer } from '@deck.gl/core';
import type * as maplibregl from 'maplibre-gl';
import type { ForecastMapStore } from '../store/forecast-map-store.ts';

export type ChartDrawnKey = 'none' | `${number}|${'simplified' | 'whole'}`;

interface DrawNoticeOptions {
  onDraw: (data: unknown) => void;
}

/** Adds no shader code (so the programs stay those of the plain layer); calls `onDraw` with each draw's data. */
class DrawNotice extends LayerExtension<DrawNoticeOptions> {
  static extensionName = 'ChartDrawNotice';

  draw(this: Layer, _params: unknown, extension: this): void {
    extension.opts.onDraw(this.props.data);
  }
}

export class ChartDrawnWatch {
  /** For the chart's fill layer (chart-layers.ts). */
  readonly extension: LayerExtension;
  private reported: ChartDrawnKey = 'none';
  private pending = false;

  constructor(
    private readonly store: ForecastMapStore,
    private readonly map: maplibregl.Map,
    private readonly onDrawn: (key: ChartDrawnKey) => void,
  ) {
    this.extension = new DrawNotice({ onDraw: (data) => this.drew(data) });
  }

  start(): () => void {
    return this.store.subscribe((state, previous) => {
      if ((!state.chart || !state.chartView) && this.reported !== 'none') this.report('none');
      // deck.gl lays the new layers out in its next animation frame, which (its frame requested first) comes
      // before MapLibre's in the same tick: asking MapLibre for that tick now draws the chart a frame sooner.
      if (state.chart !== previous.chart || state.chartView !== previous.chartView) this.map.triggerRepaint();
    });
  }

  private drew(data: unknown): void {
    const { chart, chartView } = this.store.getState();
    if (!chart || !chartView || data !== chart.polygons || this.pending) return;
    const key: ChartDrawnKey = `${chart.info.id}|${chart.simplified ? 'simplified' : 'whole'}`;
    if (key === this.reported) return;
    // Drawn inside MapLibre's frame: its 'render' event ends that frame.
    this.pending = true;
    this.map.once('render', () => {
      this.pending = false;
      if (this.store.getState().chart === chart) this.report(key);
    });
  }

  private report(key: ChartDrawnKey): void {
    this.reported = key;
    if (key !== 'none') performance.mark('ice-chart:drawn');
    this.onDrawn(key);
  }
}
