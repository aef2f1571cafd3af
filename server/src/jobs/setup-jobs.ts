/**
 * Wires jobs into the app as `app.jobs` (a `JobQueue`, the one interface the routes use). Called by app.ts right
 * after the database is open.
 * - With DATABASE_URL: the durable queue (queue/pg-job-queue.ts). This server runs no job; worker processes do.
 *   Unfinished jobs are left alone: they belong to the queue (a dead worker's are the sweeper's), and other
 *   servers' jobs are in the same table.
 * - Without (or JOB_RUNNER=in-process: one server on PostgreSQL, no workers): the in-process JobRunner. Jobs a
 *   previous process left unfinished can never finish (their work lived in that process), so they are failed at
 *   start; at close the running job is aborted and failed. A job the database's going away interrupted runs once
 *   more when it answers (job-runner.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './job-queue.ts';
import { JobRunner } from './job-runner.ts';
import { warmWrittenFiles } from '../subsets/warm-written.ts';
import { jobEnvironment } from './job-specs.ts';
import { jobStore } from './job-store.ts';
import { failUnfinishedJobs } from './jobs-repository.ts';
import { PgJobQueue } from './queue/pg-job-queue.ts';
import { queueSettings } from './queue/queue-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

const RESTART_REASON = 'interrupted: the server restarted before the job finished';

export async function setupJobs(app: FastifyInstance): Promise<void> {
  const { databaseUrl, jobRunner } = app.config;
  let jobs: JobQueue;
  if (jobRunner === 'queue' && !databaseUrl) throw new Error('JOB_RUNNER=queue needs DATABASE_URL (the queue lives in PostgreSQL)');
  if (databaseUrl && jobRunner !== 'in-process') {
    jobs = await PgJobQueue.start(databaseUrl, jobStore(app.db), queueSettings(app.config), app.log);
  } else {
    const interrupted = await failUnfinishedJobs(app.db, RESTART_REASON);
    if (interrupted > 0) app.log.warn({ jobs: interrupted }, 'jobs interrupted by a restart marked failed');
    // The files a job wrote get their subsets made at once (newest first), as the demo start's do.
    const warm = (result: Record<string, unknown>) => void warmWrittenFiles(app.subsetWarmer, app.db, app.config.dataDir, result).catch((error: unknown) => app.log.warn({ err: error }, 'subset warming failed'));
    // A job that wrote files changes DATA_DIR's size (the kept figure of /api/v1/cycle: disk/data-dir-usage.ts).
    const succeeded = (result: Record<string, unknown>) => {
      app.disk.changed();
      if (app.config.subsetWarm) warm(result);
    };
    const finished = (kind: string, outcome: 'succeeded' | 'failed', seconds: number) => app.metrics.jobFinished(kind, outcome, seconds);
    jobs = new JobRunner(app.db, app.log, jobEnvironment(app.config), succeeded, finished);
  }
  app.decorate('jobs', jobs);
  // preClose runs before any onClose hook, so the database (closed in onClose) is still open here.
  app.addHook('preClose', async () => jobs.close());
}
