/**
 * The small chart of the point panel: the value at +24h, +48h, +72h of each run (uPlot), in the runs' edge
 * colours. For the drift it charts the speed (m/s). Gaps where a run has no data.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ru } from '../../../i18n/ru.ts';
import { LEAD_HOURS } from '../forecast-variables.ts';
import { cssColour, EDGE_STYLES } from '../ice-edge/edge-styles.ts';
import { EDGE_RUNS } from '../ice-edge/edge-slice.ts';
import type { PointSeries } from './point-series.ts';

/** Chart size, CSS pixels: at most this wide (the panel is 420 px wide; narrower on a 1024 px screen). */
const WIDTH = 390;
const HEIGHT = 150;
/** The free run's magenta and the analysis's white are for a dark map; on the white panel use darker lines. */
const LINE_COLOURS = { free: cssColour(EDGE_STYLES.free.colour), assimilated: cssColour(EDGE_STYLES.assimilated.colour), analysis: '#333' };

export function chartData(series: PointSeries): uPlot.AlignedData {
  return [
    [...LEAD_HOURS],
    ...EDGE_RUNS.map((run) => series.values[run].map((v) => (v ? v.value : null))),
  ] as uPlot.AlignedData;
}

export function PointChart({ series }: { series: PointSeries }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // As wide as the panel leaves (up to WIDTH), following the panel when the window changes size.
    const width = () => Math.min(WIDTH, element.clientWidth || WIDTH);
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [LEAD_HOURS[0] - 6, LEAD_HOURS[LEAD_HOURS.length - 1] + 6] } },
        axes: [
          { splits: () => [...LEAD_HOURS], values: (_plot, ticks) => ticks.map((t) => `+${t}h`) },
          { size: 48 },
        ],
        series: [
          {},
          ...EDGE_RUNS.map((run) => ({
            label: ru.mapTools.edgeRuns[run],
            stroke: LINE_COLOURS[run],
            width: 2,
            points: { show: true, size: 6 },
          })),
        ],
      },
      chartData(series),
      element,
    );
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [series]);
  return <div ref={container} className="point-panel__chart" data-testid="point-chart" />;
}
