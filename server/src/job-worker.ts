/**
 * Entry point of `npm run worker`: a job worker process for the durable queue (PostgreSQL, DATABASE_URL). Runs
 * the jobs the API servers enqueue, one at a time, writing their progress and outcome to the jobs table; start as
 * many as you like, on any machine that sees the database and DATA_DIR. SIGTERM or SIGINT: take no more jobs,
 * let the running one finish for WORKER_STOP_GRACE, else hand it back to the queue, and exit 0. Started while the
 * database is away, it waits for it (database-wait.ts) rather than exiting.
 * See server/src/jobs/queue/README.md.
 */
import Fastify from 'fastify';
import { loadConfigOrExit } from './config.ts';
import { startQueueWorker } from './jobs/queue/start-worker.ts';
import { closeOnSignal } from './shutdown.ts';
import { unlessStopped, untilDatabaseAnswers } from './database-wait.ts';
import type { WorkerProcess } from './jobs/queue/start-worker.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL=postgres://… (without it, `npm start` runs jobs in the API server itself)');
    process.exit(2);
  }
  // The worker serves no HTTP; a bare Fastify instance gives it the same pino logger (and format) as the servers.
  const { log } = Fastify({ logger: { level: config.logLevel } });
  // A database not there yet is waited for (logged once, tried again with back-off); SIGTERM ends the wait.
  const waiting = new AbortController();
  const started: { worker?: WorkerProcess } = {};
  closeOnSignal(log, 'worker stopping', async () => {
    waiting.abort();
    await started.worker?.close();
  });
  started.worker = await untilDatabaseAnswers('the worker', log, () => startQueueWorker(config, log), { signal: waiting.signal }).catch(unlessStopped(waiting.signal));
}

main().catch((error: unknown) => {
  console.error('The worker could not start:', error);
  process.exit(1);
});
