/**
 * One worker process's parts, wired: the database (migrated under its lock, as the API servers do), pg-boss with
 * maintenance on, and the QueueWorker. worker.ts (`npm run worker`) calls it; so could a test or a bench.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { jobEnvironment } from '../job-specs.ts';
import { jobStore } from '../job-store.ts';
import { QueueWorker } from './queue-worker.ts';
import { warmWrittenFiles } from '../../subsets/warm-written.ts';
import { RequestQuiet } from '../../subsets/request-quiet.ts';
import { diskWarmer } from '../../subsets/subset-warmer.ts';
import { createBoss, queueSettings } from './queue-settings.ts';
import { createWorkerMetrics } from '../../metrics/server-metrics.ts';
import { serveMetrics } from '../../metrics/metrics-server.ts';

export interface WorkerProcess {
  worker: QueueWorker;
  /** SIGTERM's work: stop the worker (finish or hand back its job), then pg-boss and the database. */
  close(): Promise<void>;
}

export async function startQueueWorker(config: Config, log: FastifyBaseLogger): Promise<WorkerProcess> {
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) throw new Error('npm run worker needs DATABASE_URL=postgres://…; without it the API server runs jobs itself');
  const db = await openDatabase(config);
  const boss = createBoss(databaseUrl, 'worker');
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  try {
    await boss.start();
    // The files a job wrote get their subsets made here, at once, as the in-process runner's do (warm-written.ts);
    // a worker process serves no requests, so its warmer never waits for quiet.
    const warmer = diskWarmer(new RequestQuiet());
    const succeeded = (result: Record<string, unknown>) =>
      void warmWrittenFiles(warmer, db, config.dataDir, result).catch((error: unknown) => log.warn({ err: error }, 'subset warming failed'));
    const metrics = createWorkerMetrics();
    const worker = new QueueWorker({
      boss,
      store: jobStore(db),
      env: jobEnvironment(config),
      log,
      settings: queueSettings(config),
      ...(config.subsetWarm && { succeeded }),
      finished: metrics.jobFinished,
    });
    await worker.start();
    // The jobs this worker ran, for the operator's Prometheus (the API servers count only their own).
    const metricsServer = config.metricsPort ? await serveMetrics(metrics.registry, { host: config.host, port: config.metricsPort, allow: config.metricsAllow }) : null;
    if (metricsServer) log.info({ host: config.host, port: metricsServer.port }, 'worker metrics at /metrics');
    return {
      worker,
      async close() {
        await metricsServer?.close();
        await worker.stop();
        await warmer.stop();
        await boss.stop({ graceful: false, wait: true });
        await db.destroy();
      },
    };
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await db.destroy();
    throw error;
  }
}
