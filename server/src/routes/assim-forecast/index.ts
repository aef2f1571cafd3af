/**
 * The /assim_forecast resource, mounted at /api/v1/assim_forecast: the models' assimilated runs.
 * GET /hist (signed-in users; `../archive-files/hist-route.ts`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { histRoute, runLookup } from '../archive-files/hist-route.ts';

export const assimForecastRoutes: FastifyPluginAsync = histRoute(runLookup('assim_forecast'));
