/** The page's period: 'YYYY-MM-DD' days in UTC; by default the last 30 days, as the API's own default. */

const DEFAULT_PERIOD_DAYS = 30;

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDay(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
}

export function defaultPeriod(now: number = Date.now()): { from: string; to: string } {
  const to = isoDay(now);
  return { from: addDays(to, -(DEFAULT_PERIOD_DAYS - 1)), to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written as YYYY-MM-DD. */
export function isDay(value: string): boolean {
  return DAY.test(value) && isoDay(Date.parse(`${value}T00:00:00Z`)) === value;
}
