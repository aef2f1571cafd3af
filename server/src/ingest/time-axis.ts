/**
 * The time steps of a field: its first dimension when that dimension has a CF time coordinate
 * (`units = "<unit> since <epoch>"`). A field without one has a single, undated step.
 */
import type { NetcdfDataset, VariableInfo } from '../../../workers/netcdf/types.ts';
import { cleanText } from './variables.ts';

const UNIT_MS: Record<string, number> = {
  second: 1000,
  seconds: 1000,
  sec: 1000,
  secs: 1000,
  s: 1000,
  minute: 60_000,
  minutes: 60_000,
  min: 60_000,
  mins: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  h: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
  d: 86_400_000,
};

/** Milliseconds per unit and the epoch (ms since 1970) of CF time units, or null when they are not CF time. */
export function parseTimeUnits(units: string): { msPerUnit: number; epochMs: number } | null {
  const match = /^\s*(\w+)\s+since\s+(\d{1,4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?)?\s*(Z|UTC|[+-]\d{1,2}(?::?\d{2})?)?\s*$/i.exec(
    units,
  );
  if (!match) return null;
  const msPerUnit = UNIT_MS[match[1].toLowerCase()];
  if (!msPerUnit) return null;
  const [year, month, day, hour, minute, second] = [match[2], match[3], match[4], match[5] ?? '0', match[6] ?? '0', match[7] ?? '0'].map(Number);
  let epochMs = Date.UTC(year, month - 1, day, hour, minute, 0) + second * 1000;
  // Years below 100 would be read as 19xx by Date.UTC; set the year explicitly.
  if (year < 100) {
    const date = new Date(epochMs);
    date.setUTCFullYear(year);
    epochMs = date.getTime();
  }
  const zone = match[8];
  if (zone && /^[+-]/.test(zone)) {
    const [, sign, hh, mm] = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone) ?? [];
    const offsetMs = (Number(hh ?? 0) * 60 + Number(mm ?? 0)) * 60_000;
    epochMs -= sign === '-' ? -offsetMs : offsetMs;
  }
  return Number.isFinite(epochMs) ? { msPerUnit, epochMs } : null;
}

export interface TimeAxis {
  /** The coordinate variable's name, null for a field without a time dimension. */
  variable: string | null;
  /** UTC time of each step, ms since 1970; empty when the field has no time dimension. */
  times: number[];
}

/** The dataset's variable of this name, or in the same group. */
function sibling(dataset: NetcdfDataset, field: VariableInfo, name: string): VariableInfo | undefined {
  const group = field.name.includes('/') ? field.name.slice(0, field.name.lastIndexOf('/') + 1) : '';
  return dataset.variables.find((v) => v.name === name) ?? dataset.variables.find((v) => v.name === group + name.slice(name.lastIndexOf('/') + 1));
}

/** A field's time axis: its first dimension, when it is longer than nothing and has CF time units. */
export function timeAxis(dataset: NetcdfDataset, fieldName: string): TimeAxis {
  const field = dataset.variable(fieldName);
  if (field.dimensions.length < 3) return { variable: null, times: [] };
  const dim = field.dimensions[0];
  const coordinate = sibling(dataset, field, dim);
  const units = coordinate ? parseTimeUnits(cleanText(coordinate.attributes.units)) : null;
  if (!coordinate || !units) return { variable: null, times: [] };
  const values = dataset.read(coordinate.name);
  return { variable: coordinate.name, times: Array.from(values, (t) => units.epochMs + t * units.msPerUnit) };
}

/** 'YYYY-MM-DD' of a UTC time. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export class TimeStepError extends Error {
  override name = 'TimeStepError';
}

/**
 * The step to take for `date` ('YYYY-MM-DD' or undefined): a field without time dimension has step 0 of
 * unknown date (the date must be given); one step is that step (the given date wins over the file's); several
 * steps need the date, and one of them on that day.
 * Returns the step index (for `read(name, index)`, or null for a field without time) and the date it stands for.
 */
export function pickStep(axis: TimeAxis, date: string | undefined): { index: number | null; date: string } {
  if (axis.times.length === 0) {
    if (!date) throw new TimeStepError('в файле нет оси времени: укажите дату анализа (поле date, ГГГГ-ММ-ДД)');
    return { index: null, date };
  }
  if (axis.times.length === 1) return { index: 0, date: date ?? isoDay(axis.times[0]) };
  const days = axis.times.map(isoDay);
  if (!date) {
    throw new TimeStepError(`в файле ${days.length} шагов по времени (${days[0]} … ${days.at(-1)}): укажите дату (поле date, ГГГГ-ММ-ДД)`);
  }
  const index = days.indexOf(date);
  if (index < 0) throw new TimeStepError(`в файле нет шага по времени за ${date} (есть ${days[0]} … ${days.at(-1)})`);
  return { index, date };
}
