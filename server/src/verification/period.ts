import { addDays } from '../../../common/utc-day.ts';
/** The verification page's default period, which the API's routes and the model cards share. */

/** Days of the default period, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

/** The last DEFAULT_PERIOD_DAYS days up to `to` (YYYY-MM-DD, UTC), both ends included. */
export function defaultPeriod(to: string): { from: string; to: string } {
  return { from: addDays(to, 1 - DEFAULT_PERIOD_DAYS), to };
}
