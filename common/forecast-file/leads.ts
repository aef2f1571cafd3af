/**
 * Lead times. A lead has two names and they are never mixed: `leadHours` (24, 48, 72: hours after the forecast
 * reference time, 00:00 UTC of the forecast date; the file's `time` values, the URLs, the server) and `leadIndex`
 * (0, 1, 2: the position along the file's time dimension; the map's store and the worker's slice calls).
 */
export const LEAD_HOURS = [24, 48, 72] as const;
export type LeadHours = (typeof LEAD_HOURS)[number];
export type LeadIndex = 0 | 1 | 2;

/** The index of a lead given in hours, or null when the files have no such lead. */
export function leadIndexFromHours(hours: number): LeadIndex | null {
  const index = (LEAD_HOURS as readonly number[]).indexOf(hours);
  return index === -1 ? null : (index as LeadIndex);
}
