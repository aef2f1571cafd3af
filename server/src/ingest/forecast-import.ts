/**
 * A forecast made by another system → the product's three leads (+24/+48/+72 h after 00:00 UTC of the
 * forecast date), regridded step by step. Leads come from the file's time axis: a step at the lead is taken
 * as it is, a lead between two steps is interpolated linearly in time (cell by cell, NaN if either is), a
 * lead outside the steps is refused with the steps the file has.
 */
import type { NetcdfDataset } from '../../../netcdf/types.ts';
import { LEAD_HOURS, type StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { readTimeSteps, timeAxis, TimeStepError } from './time-axis.ts';
import { utcDay } from '../../../common/utc-day.ts';
import { convertDataset, IngestError, mergeFields, planFile, type ConvertedFile, type TargetFields } from './to-ice-state.ts';
import { cleanText, type VariableNames } from './variables.ts';

/** The forecast reference time, ms: a `forecast_reference_time` scalar variable or attribute; null if none. */
export function referenceTime(dataset: NetcdfDataset): number | null {
  const text = cleanText(dataset.attributes.forecast_reference_time);
  if (text && Number.isFinite(Date.parse(text))) return Date.parse(text);
  const scalar = dataset.variables.find(
    (v) => v.shape.length === 0 && (cleanText(v.attributes.standard_name) === 'forecast_reference_time' || v.name.endsWith('forecast_reference_time')),
  );
  const ms = scalar ? readTimeSteps(dataset, scalar)?.steps[0]?.ms : undefined;
  return ms !== undefined && Number.isFinite(ms) ? ms : null;
}

/** Where each lead comes from: one step, or two steps and the weight of the later one. */
export type LeadSource = { index: number } | { before: number; after: number; weight: number };

const hoursText = (hours: number[]) => hours.map((h) => `${h >= 0 ? '+' : '-'}${Math.abs(Math.round(h * 10) / 10)} ч`).join(', ');

/** The source of each of `leads` (hours after `startMs`) among the steps `times` (ms); throws TimeStepError. */
export function leadSources(times: number[], startMs: number, leads: readonly number[] = LEAD_HOURS): LeadSource[] {
  const hours = times.map((t) => (t - startMs) / 3_600_000);
  const order = hours.map((h, k) => [h, k] as const).sort((a, b) => a[0] - b[0]);
  return leads.map((lead) => {
    const exact = order.find(([h]) => Math.abs(h - lead) < 1e-6);
    if (exact) return { index: exact[1] };
    for (let k = 0; k + 1 < order.length; k++) {
      const [h0, i0] = order[k];
      const [h1, i1] = order[k + 1];
      if (h0 < lead && lead < h1) return { before: i0, after: i1, weight: (lead - h0) / (h1 - h0) };
    }
    throw new TimeStepError(
      `файл прогноза не покрывает заблаговременность +${lead} ч от ${utcDay(startMs)} 00:00 UTC: шаги файла ${hoursText(hours)}`,
    );
  });
}

function blend(a: Float32Array | undefined, b: Float32Array | undefined, weight: number): Float32Array | undefined {
  if (!a || !b) return undefined;
  const out = new Float32Array(a.length);
  for (let k = 0; k < a.length; k++) out[k] = a[k] + (b[k] - a[k]) * weight;
  return out;
}

export interface ImportedForecast<G extends StateGrid = StateGrid> {
  date: string;
  states: IceState<G>[];
  /** Per lead, where it came from. */
  leads: Array<{ hours: number; from: LeadSource }>;
  variables: string[];
  grid: string;
  /**
   * The file's own names of the steps the leads came from, when its calendar names any of them otherwise than
   * the real day it means (2020-02-30 in 360_day): said with the import, so the dates are no surprise.
   */
  fileDates?: { labels: string[]; calendar: string };
}

/** The labels of the steps `sources` read, when one differs from its real day (a model calendar's). */
function fileDatesOf(axis: ReturnType<typeof timeAxis>, sources: LeadSource[]): ImportedForecast['fileDates'] {
  const used = [...new Set(sources.flatMap((from) => ('index' in from ? [from.index] : [from.before, from.after])))].sort((a, b) => axis.times[a] - axis.times[b]);
  const steps = used.map((index) => axis.steps[index]);
  if (!steps.some((step) => step?.label && step.label !== step.day)) return undefined;
  return { labels: steps.map((step) => step.label), calendar: axis.calendar };
}

/**
 * Convert a forecast file (see the header) onto `target`, a region's grid (the sector's lat/lon grid or the whole
 * Arctic's plane), as an analysis is regridded; `date` overrides the file's reference day.
 */
export function convertForecast<G extends StateGrid>(
  dataset: NetcdfDataset,
  options: { names?: VariableNames; date?: string; target: G; fileName: string; dataDir?: string },
): ImportedForecast<G> {
  const { first } = planFile(dataset, { names: options.names, fileName: options.fileName, step: { index: null, date: '' } });
  const axis = timeAxis(dataset, first);
  if (axis.times.length === 0) throw new TimeStepError('в файле прогноза нет оси времени: заблаговременности определить нельзя');
  const reference = referenceTime(dataset);
  const date = options.date ?? utcDay(reference ?? axis.times[0]);
  const startMs = Date.parse(`${date}T00:00:00Z`);
  const sources = leadSources(axis.times, startMs);
  const steps = new Map<number, ConvertedFile>();
  const step = (index: number): ConvertedFile => {
    let converted = steps.get(index);
    if (!converted) {
      converted = convertDataset(dataset, {
        names: options.names,
        target: options.target,
        fileName: options.fileName,
        step: { index, date: utcDay(axis.times[index]) },
        dataDir: options.dataDir,
      });
      steps.set(index, converted);
    }
    return converted;
  };
  const states = sources.map((from) => {
    if ('index' in from) return mergeFields([step(from.index).fields], options.target);
    const a = step(from.before).fields;
    const b = step(from.after).fields;
    const fields: TargetFields = {};
    for (const key of ['concentration', 'thickness', 'u', 'v'] as const) {
      const value = blend(a[key], b[key], from.weight);
      if (value) fields[key] = value;
    }
    return mergeFields([fields], options.target);
  });
  const any = steps.values().next().value;
  if (!any) throw new IngestError('нет шагов прогноза');
  const variables = [any.variables.concentration, any.variables.thickness].filter((v): v is string => Boolean(v));
  const drift = any.variables.drift;
  if (drift) variables.push(...(drift.kind === 'eastnorth' ? [drift.east, drift.north] : [drift.x, drift.y]));
  const fileDates = fileDatesOf(axis, sources);
  return { date, states, leads: sources.map((from, k) => ({ hours: LEAD_HOURS[k], from })), variables, grid: any.grid, ...(fileDates ? { fileDates } : {}) };
}
