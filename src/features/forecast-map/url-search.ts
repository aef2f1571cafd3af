/**
 * The map's selection in the URL's search parameters, so a link or a reload opens the same view:
 * `?date=2026-11-20&assimilated=true&lead=48&variable=sea_ice_fraction_BREMEN`. Lead is in hours.
 * `region=arctic` shows the whole Arctic; without it the spec's sector, so the sector's links are unchanged.
 * `run=analysis` shows the date's analysis; without it the run is a forecast, so older links still work.
 * `validateForecastSearch` is the /forecasts route's `validateSearch`: it keeps what is valid and drops the rest.
 */
import {
  isForecastVariable,
  LEAD_HOURS,
  leadIndexFromHours,
  type ForecastVariable,
  type LeadHours,
} from './forecast-variables.ts';
import type { Selection } from './store/selection-slice.ts';
import type { RegionId } from '../../../common/regions/types.ts';
import { isIceClass, type IceClass } from '../../../common/polaris/polaris.ts';
import { sameToolsSearch, searchFromTools, validateToolsSearch, type ToolsSearch } from './map-tools/tools-search.ts';
import type { ToolsSelection } from './map-tools/tools-slice.ts';
import { sameChartSearch, searchFromChart, validateChartSearch, type ChartSearch } from './ice-chart/chart-search.ts';
import type { ChartSelection } from './ice-chart/chart-slice.ts';

/** The map tools add `edge`, `play`, `speed`, `point` (map-tools/tools-search.ts); the ice chart `chart`, `egg` (ice-chart/chart-search.ts). */
export interface ForecastSearch extends ToolsSearch, ChartSearch {
  /** 'arctic': the whole Arctic; absent: the spec's sector (its links stay as they were). */
  region?: 'arctic';
  date?: string;
  assimilated?: boolean;
  /** 'analysis' shows the date's analysis; absent = a forecast run, as before. */
  run?: 'analysis';
  /** In hours, as links name a lead; the store holds its index. */
  lead?: LeadHours;
  variable?: ForecastVariable;
  /** The ship's ice class of the POLARIS layer, e.g. `ice_class=IA_SUPER`. */
  ice_class?: IceClass;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return undefined;
}

/** The region a URL's search string ('?region=arctic&…') names: the sector without one (read before the router runs). */
export function regionOfSearch(search: string): RegionId {
  return new URLSearchParams(search).get('region') === 'arctic' ? 'arctic' : 'sector';
}

export function validateForecastSearch(search: Record<string, unknown>): ForecastSearch {
  const result: ForecastSearch = {};
  if (search.region === 'arctic') result.region = 'arctic';
  if (typeof search.date === 'string' && DATE_PATTERN.test(search.date)) result.date = search.date;
  const assimilated = parseBoolean(search.assimilated);
  if (assimilated !== undefined) result.assimilated = assimilated;
  if (search.run === 'analysis') result.run = 'analysis';
  const leadHours = typeof search.lead === 'string' ? Number(search.lead) : search.lead;
  if (typeof leadHours === 'number' && leadIndexFromHours(leadHours) !== null) {
    result.lead = leadHours as ForecastSearch['lead'];
  }
  if (isForecastVariable(search.variable)) result.variable = search.variable;
  if (isIceClass(search.ice_class)) result.ice_class = search.ice_class;
  Object.assign(result, validateToolsSearch(search), validateChartSearch(search));
  return result;
}

/**
 * The selection a URL asks for; absent parameters stay undefined (the store keeps its value), except the region:
 * a URL without one is the sector's.
 */
export function selectionFromSearch(search: ForecastSearch): Partial<Selection> {
  return {
    region: search.region ?? 'sector',
    date: search.date,
    assimilated: search.assimilated,
    analysis: search.run === 'analysis' ? true : search.assimilated !== undefined || search.lead !== undefined ? false : undefined,
    leadIndex: search.lead === undefined ? undefined : (leadIndexFromHours(search.lead) ?? undefined),
    variable: search.variable,
    iceClass: search.ice_class,
  };
}

/** The search parameters that describe a selection (defaults included, so links are explicit). */
export function searchFromSelection(selection: Selection & Partial<ToolsSelection> & Partial<ChartSelection>): ForecastSearch {
  const search: ForecastSearch = {
    assimilated: selection.assimilated,
    lead: LEAD_HOURS[selection.leadIndex],
    variable: selection.variable,
    ice_class: selection.iceClass,
  };
  // Always present (undefined when off), so writing it over the previous URL removes an old run=analysis, and an
  // old region=arctic when back on the sector (whose URLs name no region).
  search.run = selection.analysis ? 'analysis' : undefined;
  search.region = selection.region === 'arctic' ? 'arctic' : undefined;
  if (selection.date !== null) search.date = selection.date;
  Object.assign(search, searchFromTools(selection));
  if (selection.chartView !== undefined) Object.assign(search, searchFromChart(selection));
  return search;
}

export function sameSearch(a: ForecastSearch, b: ForecastSearch): boolean {
  return (
    a.region === b.region &&
    a.date === b.date &&
    a.assimilated === b.assimilated &&
    a.run === b.run &&
    a.lead === b.lead &&
    a.variable === b.variable &&
    a.ice_class === b.ice_class &&
    sameToolsSearch(a, b) &&
    sameChartSearch(a, b)
  );
}
