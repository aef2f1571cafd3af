/**
 * The chart's part of the map's URL: `&chart=ct` ('Сплочённость'), `chart=sod` ('Возраст льда') or `chart=polaris`
 * (POLARIS of the ship's `ice_class`),
 * and `&egg=17`, the polygon whose egg code is open. Absent: the chart is off. Read by url-search.ts.
 */
import type { ChartSelection, ChartView } from './chart-slice.ts';

export interface ChartSearch {
  chart?: ChartView;
  /** The polygon's index in the chart. */
  egg?: number;
}

const VIEWS: readonly ChartView[] = ['ct', 'sod', 'polaris'];

export function validateChartSearch(search: Record<string, unknown>): ChartSearch {
  const result: ChartSearch = {};
  if (VIEWS.includes(search.chart as ChartView)) result.chart = search.chart as ChartView;
  const egg = typeof search.egg === 'string' ? Number(search.egg) : search.egg;
  if (result.chart && typeof egg === 'number' && Number.isInteger(egg) && egg >= 0) result.egg = egg;
  return result;
}

/** What a URL asks of the chart: absent parameters turn it off (a link opens exactly its view). */
export function chartFromSearch(search: ChartSearch): ChartSelection {
  return { chartView: search.chart ?? null, chartPolygon: search.chart ? (search.egg ?? null) : null };
}

/** Present as undefined when off, so writing the search over the previous one removes them. */
export function searchFromChart(selection: Partial<ChartSelection>): ChartSearch {
  return { chart: selection.chartView ?? undefined, egg: selection.chartView ? (selection.chartPolygon ?? undefined) : undefined };
}

export function sameChartSearch(a: ChartSearch, b: ChartSearch): boolean {
  return a.chart === b.chart && a.egg === b.egg;
}
