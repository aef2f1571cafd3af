/**
 * The CF calendars as day counts: each calendar turns a (year, month, day) label into a whole day number and
 * back. The real-length calendars (standard, julian, proleptic_gregorian) share one axis, days since
 * 1970-01-01 of the proleptic Gregorian calendar, so an instant in any of them is an instant in the others;
 * the model calendars (noleap, all_leap, 360_day) count days on their own axes.
 */
import { CfTimeError, cfTimeReasonsRu } from './errors.ts';

export type CalendarName = 'standard' | 'proleptic_gregorian' | 'julian' | 'noleap' | 'all_leap' | '360_day';

const ALIASES: Record<string, CalendarName> = {
  standard: 'standard',
  gregorian: 'standard',
  proleptic_gregorian: 'proleptic_gregorian',
  julian: 'julian',
  noleap: 'noleap',
  '365_day': 'noleap',
  all_leap: 'all_leap',
  '366_day': 'all_leap',
  '360_day': '360_day',
};

/** The calendar of a time variable's `calendar` attribute; absent or blank is CF's default, standard. */
export function calendarOf(attribute: unknown): CalendarName {
  const text = typeof attribute === 'string' ? attribute.replace(/\0+$/, '').trim() : '';
  if (!text) return 'standard';
  const name = ALIASES[text.toLowerCase()];
  if (name) return name;
  if (text.toLowerCase() === 'none') throw new CfTimeError(cfTimeReasonsRu.noCalendar(text));
  throw new CfTimeError(cfTimeReasonsRu.unknownCalendar(text));
}

/** Calendars whose days and years have the real lengths: their numbers count real time. */
export const isRealLength = (calendar: CalendarName): boolean =>
  calendar === 'standard' || calendar === 'julian' || calendar === 'proleptic_gregorian';

/** Calendars with no year 0 (1 BC is followed by AD 1), as cftime has them. */
const noYearZero = (calendar: CalendarName) => calendar === 'standard' || calendar === 'julian';

const CUMULATIVE_365 = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
const CUMULATIVE_366 = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const gregorianLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const julianLeap = (y: number) => ((y % 4) + 4) % 4 === 0;

/** Days since 1970-01-01 of a proleptic Gregorian date (astronomical years: 0 = 1 BC). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The proleptic Gregorian date of a day count since 1970-01-01. */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [era * 400 + yoe + (m <= 2 ? 1 : 0), m, d];
}

/** Julian day number of 1970-01-01, to put Julian-calendar dates on the same axis. */
const JDN_1970 = 2440588;

function daysFromJulian(y: number, m: number, d: number): number {
  const a = Math.floor((14 - m) / 12);
  const yy = y + 4800 - a;
  const mm = m + 12 * a - 3;
  return d + Math.floor((153 * mm + 2) / 5) + 365 * yy + Math.floor(yy / 4) - 32083 - JDN_1970;
}

function julianFromDays(days: number): [number, number, number] {
  const c = days + JDN_1970 + 32082;
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return [d - 4800 + Math.floor(m / 10), m + 3 - 12 * Math.floor(m / 10), e - Math.floor((153 * m + 2) / 5) + 1];
}

/** The first Gregorian day of the standard calendar, 1582-10-15 (the day after Julian 1582-10-04). */
const GREGORIAN_START = daysFromCivil(1582, 10, 15);

/** Days in a month of a calendar (label years as the calendar writes them). */
export function daysInMonth(calendar: CalendarName, year: number, month: number): number {
  switch (calendar) {
    case '360_day':
      return 30;
    case 'noleap':
      return MONTH_DAYS[month - 1];
    case 'all_leap':
      return month === 2 ? 29 : MONTH_DAYS[month - 1];
    default: {
      if (month !== 2) return MONTH_DAYS[month - 1];
      const y = noYearZero(calendar) && year < 0 ? year + 1 : year;
      const leap = calendar === 'julian' || (calendar === 'standard' && y < 1582) ? julianLeap(y) : gregorianLeap(y);
      return leap ? 29 : 28;
    }
  }
}

/** Whether (year, month, day) is a day of the calendar (the standard calendar skips 1582-10-05 … 14). */
export function isCalendarDate(calendar: CalendarName, year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(calendar, year, month)) return false;
  if (noYearZero(calendar) && year === 0) return false;
  if (calendar === 'standard' && year === 1582 && month === 10 && day > 4 && day < 15) return false;
  return true;
}

/** The day number of a calendar date (see the header for the axes). */
export function dayNumber(calendar: CalendarName, year: number, month: number, day: number): number {
  switch (calendar) {
    case '360_day':
      return year * 360 + (month - 1) * 30 + day - 1;
    case 'noleap':
      return year * 365 + CUMULATIVE_365[month - 1] + day - 1;
    case 'all_leap':
      return year * 366 + CUMULATIVE_366[month - 1] + day - 1;
    case 'proleptic_gregorian':
      return daysFromCivil(year, month, day);
    case 'julian':
      return daysFromJulian(year < 0 ? year + 1 : year, month, day);
    case 'standard': {
      const y = year < 0 ? year + 1 : year;
      const gregorian = daysFromCivil(y, month, day);
      return gregorian >= GREGORIAN_START ? gregorian : daysFromJulian(y, month, day);
    }
  }
}

/** The calendar date of a day number. */
export function dateOfDay(calendar: CalendarName, days: number): [number, number, number] {
  const withMonths = (year: number, rest: number, cumulative: number[]): [number, number, number] => {
    let month = 1;
    while (rest >= cumulative[month]) month++;
    return [year, month, rest - cumulative[month - 1] + 1];
  };
  switch (calendar) {
    case '360_day': {
      const year = Math.floor(days / 360);
      const rest = days - year * 360;
      return [year, Math.floor(rest / 30) + 1, (rest % 30) + 1];
    }
    case 'noleap': {
      const year = Math.floor(days / 365);
      return withMonths(year, days - year * 365, CUMULATIVE_365);
    }
    case 'all_leap': {
      const year = Math.floor(days / 366);
      return withMonths(year, days - year * 366, CUMULATIVE_366);
    }
    case 'proleptic_gregorian':
      return civilFromDays(days);
    case 'julian':
    case 'standard': {
      const [y, m, d] = calendar === 'standard' && days >= GREGORIAN_START ? civilFromDays(days) : julianFromDays(days);
      return [y <= 0 ? y - 1 : y, m, d];
    }
  }
}

/** Refuses label years before AD 1 in the calendars without a year 0 (cftime's BC years are not carried). */
export function checkYear(calendar: CalendarName, year: number): void {
  if (noYearZero(calendar) && year < 1) throw new CfTimeError(cfTimeReasonsRu.beforeYearOne(calendar));
}
