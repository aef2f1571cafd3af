/**
 * The page's chart (uPlot, loaded with this file only when the page shows a chart): the chosen score by valid
 * date, one line per model and lead, persistence dashed. Width follows the container.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ru } from '../../i18n/ru.ts';
import type { ChartData, ChartMetric } from './chart-series.ts';
import { modelColour, PERSISTENCE_DASH, persistenceColour } from './chart-colours.ts';
import { decimal } from './verification-format.ts';

const t = ru.verification;
const HEIGHT = 320;

export interface VerificationChartProps {
  data: ChartData;
  metric: ChartMetric;
  models: readonly string[];
  /** The period's valid dates shown, Unix seconds (the x axis spans it, so a single date is not a degenerate axis). */
  span: [number, number];
}

/** A browser that refuses a 2D canvas (a privacy setting, a DOM without one) still has the scorecard and the CSV. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** Half a day either side of the span, seconds: the first and last points are not on the frame. */
const MARGIN_S = 43_200;

export function VerificationChart({ data, metric, models, span }: VerificationChartProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !canDraw()) return;
    const leads = [...new Set(data.series.map((s) => s.lead_hours))].sort((a, b) => a - b);
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: HEIGHT,
        scales: { x: { time: true, range: () => [span[0] - MARGIN_S, span[1] + MARGIN_S] }, y: { range: (_u, min, max) => [0, max > min ? max * 1.08 : max + 1] } },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => new Date(tick * 1000).toISOString().slice(5, 10).split('-').reverse().join('.')) },
          { size: 56, label: t.metrics[metric], values: (_u, ticks) => ticks.map((tick) => decimal(tick, metric === 'iiee' ? 0 : 2)) },
        ],
        series: [
          { label: t.validDate, value: (_u, v) => (v === null ? '—' : new Date(v * 1000).toISOString().slice(0, 10)) },
          ...data.series.map((line) => {
            const leadIndex = leads.indexOf(line.lead_hours);
            const value = (_u: uPlot, v: number | null) => (v === null ? '—' : decimal(v, metric === 'iiee' ? 1 : 3));
            return line.persistence
              ? { label: t.persistenceLine(line.lead_hours), stroke: persistenceColour(leadIndex), width: 1.5, dash: PERSISTENCE_DASH, points: { show: true, size: 4 }, value }
              : {
                  label: `${line.model_id} ${t.lead(line.lead_hours)}`,
                  stroke: modelColour(models.indexOf(line.model_id ?? ''), leadIndex),
                  width: 2,
                  points: { show: true, size: 5 },
                  value,
                };
          }),
        ],
      },
      [data.x, ...data.series.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, metric, models, span]);
  return <div ref={container} className="verification-chart" data-testid="verification-chart" data-metric={metric} data-series={data.series.length} />;
}
