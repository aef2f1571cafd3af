/**
 * CF time units, "<unit> since <date>[ <time>][ <offset>]", read the way cftime and UDUNITS read them:
 * the unit may be written short (d, h, hr, min, s), the time may follow the date after a space or an ISO 'T'
 * or be missing (midnight), and an offset (Z, UTC, ±hh[:mm]) moves the epoch to UTC.
 */
import { calendarOf, checkYear, isCalendarDate, type CalendarName } from './calendars.ts';
import { CfTimeError, cfTimeReasonsRu } from './errors.ts';

export type TimeUnit = 'days' | 'hours' | 'minutes' | 'seconds' | 'milliseconds' | 'months' | 'years';

/** A date and time of day as a calendar writes it (the label; seconds may carry a fraction down to the ms). */
export interface CfDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface CfTimeUnits {
  unit: TimeUnit;
  /** Length of one unit in ms (months: 30 days, years: 360 or 365 days, in the calendars that allow them). */
  unitMs: number;
  /** The epoch in the file's calendar, already moved to UTC by the offset. */
  epoch: CfDateTime;
  /** The offset the units gave, minutes east of UTC (0 without one). */
  offsetMinutes: number;
  calendar: CalendarName;
}

const DAY_MS = 86_400_000;

const UNIT_WORDS: Record<string, TimeUnit> = {
  day: 'days',
  days: 'days',
  d: 'days',
  hour: 'hours',
  hours: 'hours',
  hr: 'hours',
  hrs: 'hours',
  h: 'hours',
  minute: 'minutes',
  minutes: 'minutes',
  min: 'minutes',
  mins: 'minutes',
  second: 'seconds',
  seconds: 'seconds',
  sec: 'seconds',
  secs: 'seconds',
  s: 'seconds',
  millisecond: 'milliseconds',
  milliseconds: 'milliseconds',
  msec: 'milliseconds',
  msecs: 'milliseconds',
  ms: 'milliseconds',
  month: 'months',
  months: 'months',
  year: 'years',
  years: 'years',
  common_year: 'years',
  common_years: 'years',
};

const FIXED_MS: Partial<Record<TimeUnit, number>> = {
  days: DAY_MS,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
  milliseconds: 1,
};

const SINCE = /^\s*([A-Za-z_]+)\s+since\s+(.*?)\s*$/i;
const DATE_TIME =
  /^([+-]?\d{1,5})-(\d{1,2})-(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?)?\s*(Z|UTC|GMT|[+-]\d{1,2}(?::?\d{2})?)?$/i;

function unitLength(unit: TimeUnit, calendar: CalendarName): number {
  const fixed = FIXED_MS[unit];
  if (fixed !== undefined) return fixed;
  if (unit === 'months' && calendar === '360_day') return 30 * DAY_MS;
  if (unit === 'years' && calendar === '360_day') return 360 * DAY_MS;
  if (unit === 'years' && calendar === 'noleap') return 365 * DAY_MS;
  throw new CfTimeError(cfTimeReasonsRu.inexactUnit(unit, calendar === 'noleap' ? '365_day' : calendar));
}

/**
 * CF time units with their calendar attribute; null when the text is not "<unit> since <date>" at all (a field's
 * units, say). Throws CfTimeError (Russian) for what is time but refused: calendar 'none' or unknown, an unknown
 * unit, months or years where their length is not exact, an epoch that is not a date of the calendar.
 */
export function parseCfTimeUnits(units: unknown, calendarAttribute?: unknown): CfTimeUnits | null {
  if (typeof units !== 'string') return null;
  const text = units.replace(/\0+$/, '');
  const since = SINCE.exec(text);
  if (!since) return null;
  const calendar = calendarOf(calendarAttribute);
  const unit = UNIT_WORDS[since[1].toLowerCase()];
  if (!unit) throw new CfTimeError(cfTimeReasonsRu.unknownUnit(since[1], text.trim()));
  const unitMs = unitLength(unit, calendar);
  const parts = DATE_TIME.exec(since[2]);
  if (!parts) throw new CfTimeError(cfTimeReasonsRu.badDate(text.trim()));
  const [year, month, day, hour, minute] = [parts[1], parts[2], parts[3], parts[4] ?? '0', parts[5] ?? '0'].map(Number);
  const second = Number(parts[6] ?? '0');
  if (!isCalendarDate(calendar, year, month, day) || hour > 23 || minute > 59 || second >= 61) {
    throw new CfTimeError(cfTimeReasonsRu.badDate(text.trim()));
  }
  checkYear(calendar, year);
  const zone = (parts[7] ?? '').toUpperCase();
  let offsetMinutes = 0;
  if (zone && zone !== 'Z' && zone !== 'UTC' && zone !== 'GMT') {
    const [, sign, hh, mm] = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone) ?? [];
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm ?? 0));
  }
  return { unit, unitMs, epoch: { year, month, day, hour, minute, second }, offsetMinutes, calendar };
}
