/**
 * Which chart goes with a forecast date: the newest one valid on or before the end of that day (UTC), looked for in
 * the weeks before it. Ice services issue charts daily to weekly, so a chart older than the window is not the ice of
 * that date any more.
 */
import type { IceChartSummary } from '../../../api/icecharts.ts';

/** How far back a chart still stands for a date, days (a weekly chart plus a missed issue). */
export const CHART_WINDOW_DAYS = 14;

const DAY_MS = 86_400_000;

/** The period to list charts for a date 'YYYY-MM-DD': [from, to], both 'YYYY-MM-DD'. */
export function chartWindow(date: string): { from: string; to: string } {
  const from = new Date(Date.parse(`${date}T00:00:00Z`) - CHART_WINDOW_DAYS * DAY_MS).toISOString().slice(0, 10);
  return { from, to: date };
}

export function chartForDate(charts: readonly IceChartSummary[], date: string): IceChartSummary | null {
  const end = Date.parse(`${date}T23:59:59.999Z`);
  const start = end - (CHART_WINDOW_DAYS + 1) * DAY_MS;
  let best: IceChartSummary | null = null;
  let bestTime = -Infinity;
  for (const chart of charts) {
    const time = Date.parse(chart.valid_time);
    if (!(time <= end && time > start)) continue;
    if (time > bestTime) {
      best = chart;
      bestTime = time;
    }
  }
  return best;
}
