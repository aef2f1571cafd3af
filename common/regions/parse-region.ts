/**
 * A region named by a caller (a query parameter, a job's body, a model's spec): the region, the default when
 * none is named, or an UnknownRegionError whose message fits a 422 `{detail}` as it is.
 */
import { DEFAULT_REGION_ID, REGIONS, regionById } from './regions.ts';
import type { Region, RegionId } from './types.ts';

export class UnknownRegionError extends Error {
  readonly code = 'unknown-region';
  constructor(readonly given: string) {
    super(`Unknown region ${JSON.stringify(given)}: expected one of ${REGIONS.map((r) => r.id).join(', ')}`);
    this.name = 'UnknownRegionError';
  }
}

export function isRegionId(value: unknown): value is RegionId {
  return typeof value === 'string' && REGIONS.some((r) => r.id === value);
}

/** `undefined` → the default region (the sector); a known id → its region; anything else throws UnknownRegionError. */
export function parseRegion(value: unknown): Region {
  if (value === undefined) return regionById(DEFAULT_REGION_ID);
  if (isRegionId(value)) return regionById(value);
  throw new UnknownRegionError(typeof value === 'string' ? value : JSON.stringify(value) ?? String(value));
}
