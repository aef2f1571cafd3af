/**
 * GET /api/v1/regions (signed-in users, any role): the regions forecasts are made for, the spec's sector first
 * (the default wherever `region` is not given): `[{id, name, crs, shape, bounds, extent}]` (common/regions/).
 */
import type { FastifyPluginAsync } from 'fastify';
import { REGIONS, regionSummary, type RegionSummary } from '../../../../common/regions/index.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors } from '../common-schemas.ts';
import { regionIdSchema } from './region-query.ts';

const numbers = (count: number, description: string) =>
  ({ type: 'array', items: { type: 'number' }, minItems: count, maxItems: count, description }) as const;

const regionSchema = {
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

/** Mounted at /regions. */
export const regionsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      onRequest: [requireUser],
      schema: {
        description: 'The regions forecasts are made for: the spec\'s sector (default) and the whole Arctic.',
        response: { 200: { type: 'array', items: regionSchema }, ...commonErrors },
      },
    },
    async (): Promise<RegionSummary[]> => REGIONS.map(regionSummary),
  );
};
