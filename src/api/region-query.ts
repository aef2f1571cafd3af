/**
 * The `region` query parameter of the forecast routes: named only for a region other than the spec's sector, so
 * the sector's URLs stay exactly what they were (the same cache keys, offline copies and ETags as before regions).
 */
import type { RegionId } from '../../common/regions/types.ts';

export type { RegionId };

/** `{region: 'arctic'}` for the whole Arctic; nothing for the sector (the server's default). */
export function regionQuery(region: RegionId = 'sector'): { region?: RegionId } {
  return region === 'sector' ? {} : { region };
}
