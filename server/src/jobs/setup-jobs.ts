/**
 * Wires the job runner into the app: `app.jobs`, failing jobs a previous process left unfinished, and stopping
 * the runner when the app closes. Called by app.ts right after the database is open.
 */
import type { FastifyInstance } from 'fastify';
import { failUnfinishedJobs } from './jobs-repository.ts';
import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const RESTART_REASON = 'interrupted: the server restarted before the job finished';

export async function setupJobs(app: FastifyInstance): Promise<void> {
  const interrupted = await failUnfinishedJobs(app.db, RESTART_REASON);
  if (interrupted > 0) app.log.warn({ jobs: interrupted }, 'jobs interrupted by a restart marked failed');
  const runner = new JobRunner(app.db, app.log);
  app.decorate('jobs', runner);
  // preClose runs before any onClose hook, so the database (closed in onClose) is still open here.
  app.addHook('preClose', async () => runner.close());
}
