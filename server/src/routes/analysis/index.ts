/**
 * The /analysis resource, mounted at /api/v1/analysis: the analyses (one time step, the forecast files'
 * variables), any source. GET /info and /hist (signed-in users; `../archive-files/hist-route.ts`), POST /import
 * (admin, superuser; `import.ts`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { analysisFileDates, latestAnalysisFile } from '../../archive/forecast-repository.ts';
import { histRoute, infoRoute, type HistLookup } from '../archive-files/hist-route.ts';
import { revalidateReplies } from '../archive-files/revalidate.ts';
import { analysisImportRoutes } from './import.ts';

/** The analysis of a date: the newest one written for it (an imported real analysis wins over the demo's). */
const analysisLookup: HistLookup = {
  kind: 'analysis',
  find: (app, date) => latestAnalysisFile(app.db, date),
  notFound: (date) => `No analysis for ${date}`,
};

export const analysisRoutes: FastifyPluginAsync = async (app) => {
  // A date's analysis can be superseded under the same URL (a real one ingested or imported after the demo's).
  revalidateReplies(app);
  await app.register(infoRoute((self) => analysisFileDates(self.db)));
  await app.register(histRoute(analysisLookup));
  await app.register(analysisImportRoutes);
};
