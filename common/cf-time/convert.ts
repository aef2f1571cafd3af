/**
 * Numbers on a CF time axis ↔ calendar dates (cftime's num2date / date2num, to the millisecond), and the real
 * day a date of the file means.
 */
import { checkYear, dateOfDay, dayNumber, daysFromCivil, daysInMonth, isRealLength, type CalendarName } from './calendars.ts';
import type { CfDateTime, CfTimeUnits } from './units.ts';

const DAY_MS = 86_400_000;

/** ms on the calendar's own axis (day number × 1 day + time of day). */
function axisMs(calendar: CalendarName, date: CfDateTime): number {
  const ofDay = ((date.hour * 60 + date.minute) * 60 + date.second) * 1000;
  return dayNumber(calendar, date.year, date.month, date.day) * DAY_MS + Math.round(ofDay);
}

function dateAt(calendar: CalendarName, ms: number): CfDateTime {
  const days = Math.floor(ms / DAY_MS);
  const [year, month, day] = dateOfDay(calendar, days);
  let rest = ms - days * DAY_MS;
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  return { year, month, day, hour, minute, second: rest / 1000 };
}

const epochMs = (units: CfTimeUnits) => axisMs(units.calendar, units.epoch) - units.offsetMinutes * 60_000;

/** The date (UTC) a value of the axis stands for, rounded to the millisecond. Throws for years before AD 1 where there is no year 0. */
export function num2date(value: number, units: CfTimeUnits): CfDateTime {
  const date = dateAt(units.calendar, epochMs(units) + Math.round(value * units.unitMs));
  checkYear(units.calendar, date.year);
  return date;
}

/** The value a date (UTC, in the units' calendar) has on the axis. */
export function date2num(date: CfDateTime, units: CfTimeUnits): number {
  return (axisMs(units.calendar, date) - epochMs(units)) / units.unitMs;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** 'YYYY-MM-DD' of a label (negative years with a minus sign). */
export const formatDay = (date: Pick<CfDateTime, 'year' | 'month' | 'day'>): string =>
  `${date.year < 0 ? '-' : ''}${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** 'YYYY-MM-DD HH:MM' and ':SS(.sss)' when not zero. */
export function formatDateTime(date: CfDateTime): string {
  const seconds = date.second === 0 ? '' : `:${date.second < 10 ? '0' : ''}${Math.round(date.second * 1000) / 1000}`;
  return `${formatDay(date)} ${pad(date.hour)}:${pad(date.minute)}${seconds}`;
}

export interface RealTime {
  /** UTC ms since 1970 of the real instant the file means. */
  ms: number;
  /** Its real (proleptic Gregorian) day, 'YYYY-MM-DD'. */
  day: string;
  /** The file's own label, 'YYYY-MM-DD', in its calendar. */
  label: string;
  /** True when the label is not that real day (a model-calendar day that does not exist, a Julian date). */
  moved: boolean;
}

/**
 * The real time a file's date means. In the real-length calendars (standard, julian, proleptic_gregorian) the
 * numbers count real time, so the instant is what they mean and its Gregorian day is the date (a Julian label
 * before 1582 moves by 10 or more days). In the model calendars (noleap, all_leap, 360_day) elapsed time is
 * not real time: what the file means is its label, the day the model says it is; a label the real calendar
 * lacks (2020-02-30 in 360_day, 2019-02-29 in all_leap) means the last day of that month.
 */
export function realTime(date: CfDateTime, calendar: CalendarName): RealTime {
  const label = formatDay(date);
  const ofDayMs = Math.round(((date.hour * 60 + date.minute) * 60 + date.second) * 1000);
  if (isRealLength(calendar)) {
    const days = dayNumber(calendar, date.year, date.month, date.day);
    const [year, month, dayOfMonth] = dateOfDay('proleptic_gregorian', days);
    const day = formatDay({ year, month, day: dayOfMonth });
    return { ms: days * DAY_MS + ofDayMs, day, label, moved: day !== label };
  }
  const last = daysInMonth('proleptic_gregorian', date.year, date.month);
  const realDay = Math.min(date.day, last);
  const day = formatDay({ year: date.year, month: date.month, day: realDay });
  return { ms: daysFromCivil(date.year, date.month, realDay) * DAY_MS + ofDayMs, day, label, moved: realDay !== date.day };
}
