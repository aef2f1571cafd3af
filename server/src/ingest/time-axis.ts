/**
 * The time steps of a field: its first dimension when that dimension has a CF time coordinate
 * (`units = "<unit> since <epoch>"` with its `calendar`, read by common/cf-time). A field without one has a
 * single, undated step. Each step has the real time it means (a model calendar's label, see realTime) and
 * the file's own label, so an answer can say which day of the file it took.
 */
import { CfTimeError, timeSteps, type TimeStep } from '../../../common/cf-time/index.ts';
import type { NetcdfDataset, VariableInfo } from '../../../netcdf/types.ts';
import { cleanText } from './variables.ts';

export class TimeStepError extends Error {
  override name = 'TimeStepError';
}

export interface TimeAxis {
  /** The coordinate variable's name, null for a field without a time dimension. */
  variable: string | null;
  /** Real UTC time each step means, ms since 1970; empty when the field has no time dimension. */
  times: number[];
  /** Per step, the real day and the file's label in its calendar (same order as `times`). */
  steps: TimeStep[];
  /** The file's calendar (CF name as common/cf-time normalises it), 'standard' without a time axis. */
  calendar: string;
}

/**
 * The steps of a time variable read with its units and calendar; null when its units are not CF time.
 * A refused calendar or unit becomes a TimeStepError with the reason (Russian), like any other time problem.
 */
export function readTimeSteps(dataset: NetcdfDataset, variable: VariableInfo) {
  try {
    const units = cleanText(variable.attributes.units);
    if (!/\bsince\b/i.test(units)) return null;
    return timeSteps(dataset.read(variable.name), units, cleanText(variable.attributes.calendar));
  } catch (error) {
    if (error instanceof CfTimeError) throw new TimeStepError(`ось времени «${variable.name}»: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The dataset's variable of this name, or in the same group. */
function sibling(dataset: NetcdfDataset, field: VariableInfo, name: string): VariableInfo | undefined {
  const group = field.name.includes('/') ? field.name.slice(0, field.name.lastIndexOf('/') + 1) : '';
  return dataset.variables.find((v) => v.name === name) ?? dataset.variables.find((v) => v.name === group + name.slice(name.lastIndexOf('/') + 1));
}

/**
 * A CF auxiliary coordinate along the field's first dimension, named by its `coordinates` attribute, when no variable
 * is named after that dimension (NSIDC's CDR: `time(tdim)` with `coordinates = "time ygrid xgrid"`).
 */
function auxiliaryTime(dataset: NetcdfDataset, field: VariableInfo): VariableInfo | undefined {
  const names = cleanText(field.attributes.coordinates).split(/\s+/).filter(Boolean);
  return names
    .map((name) => sibling(dataset, field, name))
    .find((v) => v !== undefined && v.dimensions.length === 1 && v.dimensions[0] === field.dimensions[0] && /\bsince\b/i.test(cleanText(v.attributes.units)));
}

const NO_AXIS: TimeAxis = { variable: null, times: [], steps: [], calendar: 'standard' };

/** A field's time axis: its first dimension, when it is longer than nothing and has CF time units. */
export function timeAxis(dataset: NetcdfDataset, fieldName: string): TimeAxis {
  const field = dataset.variable(fieldName);
  if (field.dimensions.length < 3) return NO_AXIS;
  const coordinate = sibling(dataset, field, field.dimensions[0]) ?? auxiliaryTime(dataset, field);
  const read = coordinate ? readTimeSteps(dataset, coordinate) : null;
  if (!coordinate || !read) return NO_AXIS;
  return { variable: coordinate.name, times: read.steps.map((s) => s.ms), steps: read.steps, calendar: read.units.calendar };
}

export interface PickedStep {
  /** The step index (for `read(name, index)`), or null for a field without time. */
  index: number | null;
  /** The real day the step stands for. */
  date: string;
  /** When the file names that day otherwise (2020-02-30 in 360_day, a Julian date): its label and calendar. */
  fileDate?: { label: string; calendar: string };
}

function picked(axis: TimeAxis, index: number, date: string): PickedStep {
  const step = axis.steps[index];
  return step && step.label && step.label !== date ? { index, date, fileDate: { label: step.label, calendar: axis.calendar } } : { index, date };
}

/**
 * The step to take for `date` ('YYYY-MM-DD' or undefined): a field without time dimension has step 0 of
 * unknown date (the date must be given); one step is that step (the given date wins over the file's); several
 * steps need the date, and one of them on that day (a step labelled with the date itself first, so a 360_day
 * file's 2020-02-29 wins over its 2020-02-30, which also means 2020-02-29).
 */
export function pickStep(axis: TimeAxis, date: string | undefined): PickedStep {
  if (axis.times.length === 0) {
    if (!date) throw new TimeStepError('в файле нет оси времени: укажите дату анализа (поле date, ГГГГ-ММ-ДД)');
    return { index: null, date };
  }
  const days = axis.steps.map((s) => s.day);
  const shown = days.filter(Boolean);
  // A time value that is missing (a fill value) gives no date: the caller must say which day it is.
  if (shown.length === 0 && !date) throw new TimeStepError('в файле не задано значение времени: укажите дату анализа (поле date, ГГГГ-ММ-ДД)');
  if (axis.times.length === 1) return date ? { index: 0, date } : picked(axis, 0, days[0]);
  if (!date) {
    throw new TimeStepError(`в файле ${days.length} шагов по времени (${shown[0]} … ${shown.at(-1)}): укажите дату (поле date, ГГГГ-ММ-ДД)`);
  }
  const labelled = axis.steps.findIndex((s) => s.label === date && s.day === date);
  const index = labelled >= 0 ? labelled : days.indexOf(date);
  if (index < 0) {
    throw new TimeStepError(`в файле нет шага по времени за ${date}${shown.length ? ` (есть ${shown[0]} … ${shown.at(-1)})` : ''}`);
  }
  return picked(axis, index, date);
}
