/**
 * /verification's search parameters: `region=arctic` shows the whole Arctic's records; without it the spec's
 * sector (so the page's old links are unchanged, and the sector's requests name no region, as before regions).
 */
import type { RegionId } from '../../../common/regions/types.ts';

export interface VerificationSearch {
  region?: 'arctic';
}

export function validateVerificationSearch(search: Record<string, unknown>): VerificationSearch {
  return search.region === 'arctic' ? { region: 'arctic' } : {};
}

/** The region a validated search names (the sector without one). */
export const regionOfVerificationSearch = (search: VerificationSearch): RegionId => search.region ?? 'sector';

/** The search naming `region`: none for the sector. */
export const verificationSearchOf = (region: RegionId): VerificationSearch => (region === 'arctic' ? { region } : {});
