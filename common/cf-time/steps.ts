/** A time coordinate's values → the dates they stand for in the file's calendar and the real times they mean. */
import { num2date, realTime, type RealTime } from './convert.ts';
import { parseCfTimeUnits, type CfDateTime, type CfTimeUnits } from './units.ts';

export interface TimeStep extends RealTime {
  /** The date in the file's calendar (UTC); null for a missing (non-finite) value. */
  date: CfDateTime | null;
}

export interface TimeSteps {
  units: CfTimeUnits;
  steps: TimeStep[];
}

const MISSING: TimeStep = { date: null, ms: NaN, day: '', label: '', moved: false };

/**
 * The steps of a time coordinate with these `units` and `calendar` attributes; null when the units are not CF
 * time. Throws CfTimeError (Russian) for a calendar or unit the product refuses.
 */
export function timeSteps(values: ArrayLike<number>, units: unknown, calendar: unknown): TimeSteps | null {
  const parsed = parseCfTimeUnits(units, calendar);
  if (!parsed) return null;
  const steps = Array.from(values, (value): TimeStep => {
    if (!Number.isFinite(value)) return MISSING;
    const date = num2date(value, parsed);
    return { date, ...realTime(date, parsed.calendar) };
  });
  return { units: parsed, steps };
}
