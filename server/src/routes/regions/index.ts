/**
 * GET /api/v1/regions (signed-in users, any role): the regions forecasts are made for, the spec's sector first
 * (the default wherever `region` is not given): `[{id, name, crs, shape, bounds, extent}]` (common/regions/).
 */
import type { FastifyPluginAsync } from 'fastify';
import { REGIONS, regionSummary, type RegionSummary } from '../../../../common/regions/index.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors } from '../common-schemas.ts';
import { regionReply } from './region-query.ts';

/** Mounted at /regions. */
export const regionsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      onRequest: [requireUser],
      schema: {
        description: 'The regions forecasts are made for: the spec\'s sector (default) and the whole Arctic.',
        response: { 200: { type: 'array', items: regionReply }, ...commonErrors },
      },
    },
    async (): Promise<RegionSummary[]> => REGIONS.map(regionSummary),
  );
};
