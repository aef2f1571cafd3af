/**
 * The `region` a request names, for every route that serves a region's data: the JSON schema of the parameter
 * (documented in the OpenAPI document) and the region it names, the sector when absent. An unknown region is a
 * 422 `{detail}` naming the regions there are.
 */
import { REGIONS, UnknownRegionError, parseRegion, type Region } from '../../../../common/regions/index.ts';
import { HttpError } from '../../http-error.ts';

export const regionIdSchema = { type: 'string', enum: REGIONS.map((r) => r.id), description: 'region id' } as const;

/** A `region` query property: `querystring: {type: 'object', properties: {...regionQueryProperty, ...}}`. */
export const regionQueryProperty = {
  region: { type: 'string', description: `region id (${REGIONS.map((r) => r.id).join(' | ')}); the spec's sector when absent` },
} as const;

/** The region named by `value` (a query or body field), the sector for undefined; HttpError 422 otherwise. */
export function requestedRegion(value: unknown): Region {
  try {
    return parseRegion(value);
  } catch (error) {
    if (error instanceof UnknownRegionError) throw new HttpError(422, error.message);
    throw error;
  }
}
