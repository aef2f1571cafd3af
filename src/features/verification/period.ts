/** The page's period: 'YYYY-MM-DD' days in UTC; by default the last 30 days, as the API's own default. */
import { addDays, utcDay } from '../../../common/utc-day.ts';

const DEFAULT_PERIOD_DAYS = 30;

export function defaultPeriod(now: number = Date.now()): { from: string; to: string } {
  const to = utcDay(now);
  return { from: addDays(to, -(DEFAULT_PERIOD_DAYS - 1)), to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written as YYYY-MM-DD. */
export function isDay(value: string): boolean {
  return DAY.test(value) && utcDay(Date.parse(`${value}T00:00:00Z`)) === value;
}
