/**
 * Calendar days as the whole project writes them: 'YYYY-MM-DD' in UTC (a forecast's date, an analysis's, a
 * period's ends). The one helper for them on the server, in the app and in the workers.
 */

const DAY_MS = 86_400_000;

/** The UTC day of a moment (a Date or Unix milliseconds; now when absent). */
export function utcDay(time: Date | number = new Date()): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `date` ('YYYY-MM-DD') moved by whole days (negative: back). */
export function addDays(date: string, days: number): string {
  return utcDay(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}
