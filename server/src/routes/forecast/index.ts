/**
 * The /forecast resource, mounted at /api/v1/forecast: the models' runs.
 * GET /info and /hist (signed-in users; `../archive-files/hist-route.ts`), POST /generate (`generate.ts`) and
 * POST /import (`import.ts`) (admin, superuser).
 */
import type { FastifyPluginAsync } from 'fastify';
import { availableDates } from '../../archive/pipeline.ts';
import { histRoute, infoRoute, runLookup } from '../archive-files/hist-route.ts';
import { namesExternalModel, revalidateReplies } from '../archive-files/revalidate.ts';
import { generateForecastRoutes } from './generate.ts';
import { forecastImportRoutes } from './import.ts';

export const forecastRoutes: FastifyPluginAsync = async (app) => {
  // An external model's run can be imported again under the same URL.
  revalidateReplies(app, namesExternalModel(app));
  await app.register(infoRoute((self) => availableDates({ db: self.db, dataDir: self.config.dataDir })));
  await app.register(histRoute(runLookup('forecast')));
  await app.register(generateForecastRoutes);
  await app.register(forecastImportRoutes);
};
