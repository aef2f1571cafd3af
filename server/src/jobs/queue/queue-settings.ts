/** The durable queue's name in pg-boss, its settings, and the reasons it writes into the jobs table. */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { JobSpec } from '../job-specs.ts';

/** One pg-boss queue for every job kind: a worker runs whatever comes next, in submission order. */
export const QUEUE = 'ice-jobs';

/** pg-boss keeps its tables in this schema of the same database. */
const BOSS_SCHEMA = 'pgboss';

/** What a pg-boss job carries: our job's id (the jobs table row) and what to do. */
export interface QueuedJob {
  jobId: number;
  spec: JobSpec;
}

export interface QueueSettings {
  /** Runs of a job at most: a worker that dies mid-job costs one. */
  attempts: number;
  /** How often a worker running a job refreshes its lease, seconds. */
  heartbeatSeconds: number;
  /** A lease not refreshed for this long belongs to a dead worker, seconds (several heartbeats). */
  staleSeconds: number;
  /** SIGTERM: how long the running job may take to finish before it is handed back, seconds. */
  stopGraceSeconds: number;
  /** pg-boss's expiration, a backstop far above any real job, seconds (pg-boss allows under 24 h). */
  timeoutSeconds: number;
  /** How often an idle worker asks for a job, seconds (pg-boss's minimum is 0.5). */
  pollSeconds: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  attempts: 3,
  heartbeatSeconds: 5,
  staleSeconds: 30,
  stopGraceSeconds: 20,
  timeoutSeconds: 6 * 3600,
  pollSeconds: 1,
};

/** The queue settings a configuration asks for (JOB_ATTEMPTS, WORKER_HEARTBEAT, WORKER_STALE_AFTER, WORKER_STOP_GRACE). */
export function queueSettings(config: Config): QueueSettings {
  return {
    ...DEFAULT_QUEUE_SETTINGS,
    attempts: config.jobAttempts,
    heartbeatSeconds: config.workerHeartbeatS,
    staleSeconds: config.workerStaleS,
    stopGraceSeconds: config.workerStopGraceS,
  };
}

/** A worker's name in leases and logs: which machine and process, and a random part (pids repeat). */
export function workerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** A pg-boss instance on `databaseUrl`; `worker` processes also run its maintenance (expiry, archiving). */
export function createBoss(databaseUrl: string, role: 'api' | 'worker'): PgBoss {
  return new PgBoss({
    connectionString: databaseUrl,
    schema: BOSS_SCHEMA,
    application_name: `ice-${role}`,
    // An API server only enqueues: a small pool, no maintenance and no cron (pg-boss's `schedule`).
    max: role === 'api' ? 2 : 4,
    supervise: role === 'worker',
    schedule: false,
  });
}

/** Times a queue creation that PostgreSQL aborted as a deadlock is tried again. */
const CREATE_ATTEMPTS = 5;

/**
 * Create the queue (idempotent). Two processes that start together (two API servers, or a server and a worker)
 * may both create it: pg-boss's create_queue makes the queue's partition table and its row, and the two can
 * deadlock (40P01); PostgreSQL then aborts one, which tries again and finds the queue made.
 */
export async function createQueue(boss: Pick<PgBoss, 'createQueue' | 'getQueue'>, settings: QueueSettings): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(QUEUE)) return;
      await boss.createQueue(QUEUE, {
        name: QUEUE,
        policy: 'standard',
        retryLimit: settings.attempts - 1,
        retryDelay: 0,
        expireInSeconds: settings.timeoutSeconds,
      });
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= CREATE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

export const reasons = {
  lostRetry: (attempt: number, attempts: number) =>
    `обработчик задания остановился во время выполнения (попытка ${attempt} из ${attempts}); задание возвращено в очередь`,
  lostFinal: (attempts: number) =>
    `обработчик задания остановился во время выполнения, попытки исчерпаны (${attempts} из ${attempts}); задание не выполнено`,
  handedBack: 'обработчик задания остановлен (SIGTERM); задание возвращено в очередь и будет выполнено другим обработчиком',
  retrying: (attempt: number, attempts: number) => `повторная попытка ${attempt} из ${attempts}`,
  enqueueFailed: (message: string) => `не удалось поставить задание в очередь: ${message}`,
  badSpec: 'задание повреждено: в очереди нет его описания',
};
