/**
 * The time axis of a CF file: which dimension is time, the real time of each step (CF units and calendar, read
 * by common/cf-time, the server's reader too), and the lead time of each step in hours after the forecast
 * reference time. Pure NetCDF code: the decode worker and the server use it.
 */
import { CfTimeError, formatDateTime, num2date, realTime, timeSteps, type TimeSteps } from '../common/cf-time/index.ts';
import type { NetcdfDataset, VariableInfo } from './types.ts';

/** The time coordinate: named 'time', or with standard_name 'time' / axis 'T', one-dimensional. */
function timeVariable(ds: NetcdfDataset): VariableInfo | null {
  const oneD = ds.variables.filter((v) => v.shape.length === 1);
  return (
    oneD.find((v) => v.name === 'time') ??
    oneD.find((v) => v.attributes.standard_name === 'time' || v.attributes.axis === 'T') ??
    null
  );
}

/** The name of the time dimension, or null when the file has none. */
export function timeDimension(ds: NetcdfDataset): string | null {
  const variable = timeVariable(ds);
  if (variable) return variable.dimensions[0];
  return ds.dimensions.find((d) => d.name === 'time')?.name ?? ds.dimensions.find((d) => d.unlimited)?.name ?? null;
}

/** The steps of a time variable (units and calendar), or null: not CF time, a calendar refused, unreadable. */
function stepsOf(ds: NetcdfDataset, variable: VariableInfo): TimeSteps | null {
  try {
    return timeSteps(ds.read(variable.name), variable.attributes.units, variable.attributes.calendar);
  } catch (error) {
    if (error instanceof CfTimeError) return null;
    throw error;
  }
}

/**
 * What each step of the time dimension is called for a person: its real date and time ('YYYY-MM-DD HH:MM',
 * UTC) in the file's calendar, with the file's own label after it when that day does not exist in the real
 * calendar; null when the file has no readable CF time axis.
 */
export function stepLabels(ds: NetcdfDataset): { dimension: string; labels: string[] } | null {
  const variable = timeVariable(ds);
  if (!variable) return null;
  let steps: TimeSteps | null;
  try {
    steps = stepsOf(ds, variable);
  } catch {
    return null;
  }
  if (!steps) return null;
  const calendar = steps.units.calendar;
  const labels = steps.steps.map((s) => {
    if (!s.date) return '';
    // The real day with the file's time of day (formatDateTime starts with the label's day).
    const real = s.day + formatDateTime(s.date).slice(s.label.length);
    return s.moved ? `${real} (${s.label}, ${calendar})` : real;
  });
  return { dimension: variable.dimensions[0], labels };
}

/**
 * Lead times in hours, one per slice of the time dimension. With CF units, hours after the forecast reference
 * time (the time variable's `forecast_reference_time` attribute, a global one, or else the units' epoch);
 * without usable units, 24, 48, 72... (daily leads).
 */
export function leadTimes(ds: NetcdfDataset): number[] {
  const dimension = timeDimension(ds);
  if (!dimension) return [];
  const count = ds.dimensions.find((d) => d.name === dimension)?.size ?? 0;
  const daily = Array.from({ length: count }, (_, i) => 24 * (i + 1));
  const variable = timeVariable(ds);
  let steps: TimeSteps | null = null;
  try {
    steps = variable ? stepsOf(ds, variable) : null;
  } catch {
    return daily;
  }
  if (!variable || !steps) return daily;
  const referenceMs = forecastReferenceTime(ds, variable) ?? epochOf(steps);
  const leads = steps.steps.map((s) => (s.ms - referenceMs) / 3_600_000);
  if (!leads.every(Number.isFinite)) return daily;
  // Without a stated reference the units' epoch stands in, if that gives plausible leads (0 h to a year).
  if (forecastReferenceTime(ds, variable) === null && !leads.every((h) => h >= 0 && h <= MAX_LEAD_HOURS)) return daily;
  return leads.map((h) => Math.round(h * 1e6) / 1e6);
}

const MAX_LEAD_HOURS = 366 * 24;

/**
 * The forecast reference time in ms: the time variable's `forecast_reference_time` attribute (ISO text, as
 * our server writes it), a CF scalar variable with standard_name forecast_reference_time (as MET Norway's
 * files have), or a global attribute; null when the file states none.
 */
function forecastReferenceTime(ds: NetcdfDataset, time: VariableInfo): number | null {
  for (const text of [time.attributes.forecast_reference_time, ds.attributes.forecast_reference_time]) {
    const ms = typeof text === 'string' ? Date.parse(text) : NaN;
    if (Number.isFinite(ms)) return ms;
  }
  const scalar = ds.variables.find(
    (v) => v.shape.length === 0 && (v.attributes.standard_name === 'forecast_reference_time' || v.name === 'forecast_reference_time'),
  );
  if (!scalar) return null;
  try {
    const ms = stepsOf(ds, scalar)?.steps[0]?.ms;
    return ms !== undefined && Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/** The real time of the units' epoch (value 0), for files that state no reference time. */
const epochOf = (steps: TimeSteps): number => realTime(num2date(0, steps.units), steps.units.calendar).ms;
