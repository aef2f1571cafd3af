/**
 * The app's slow-link services, one of each per app (a test's second app gets its own): `app.requestQuiet`, when
 * this server's clients were last heard from (every request tells it), and `app.subsetWarmer`, which makes the
 * files' subsets in the background once they have gone quiet; stopped when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import { RequestQuiet } from './request-quiet.ts';
import { diskWarmer, type SubsetWarmer } from './subset-warmer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requestQuiet: RequestQuiet;
    subsetWarmer: SubsetWarmer;
  }
}

export function setupSubsets(app: FastifyInstance): void {
  const quiet = new RequestQuiet();
  const warmer = diskWarmer(quiet);
  app.decorate('requestQuiet', quiet);
  app.decorate('subsetWarmer', warmer);
  // Background work (the subset warmer) waits for a quiet moment: request-quiet.ts.
  app.addHook('onRequest', async () => quiet.heard());
  app.addHook('onClose', async () => warmer.stop());
}
