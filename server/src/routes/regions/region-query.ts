/**
 * The `region` a request names, for every route that serves a region's data: the JSON schema of the parameter
 * (documented in the OpenAPI document) and the region it names, the sector when absent. An unknown region is a
 * 422 `{detail}` naming the regions there are.
 */
import { REGIONS, UnknownRegionError, parseRegion, type Region } from '../../../../common/regions/index.ts';
import { HttpError } from '../../http-error.ts';

export const regionIdSchema = { type: 'string', enum: REGIONS.map((r) => r.id), description: 'region id' } as const;

const numbers = (count: number, description: string) =>
  ({ type: 'array', items: { type: 'number' }, minItems: count, maxItems: count, description }) as const;

/** One region as `GET /regions` lists it (also the `region` of `/forecast/info?region=`). */
export const regionReply = {
  type: 'object',
  properties: {
    id: regionIdSchema,
    name: { type: 'string', description: 'Russian name shown to users' },
    crs: { type: 'string', description: "the grid's CRS, e.g. 'EPSG:4326', 'EPSG:3413'" },
    shape: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2, description: 'rows, columns of every field: [ny, nx]' },
    bounds: numbers(4, 'smallest longitude/latitude box holding every cell: [west, south, east, north], degrees'),
    extent: numbers(4, "outer cell edges in the CRS's units: [xmin, ymin, xmax, ymax] (degrees for EPSG:4326, metres otherwise)"),
  },
  required: ['id', 'name', 'crs', 'shape', 'bounds', 'extent'],
} as const;

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
