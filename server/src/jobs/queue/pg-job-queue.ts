/**
 * `app.jobs` of an API server with DATABASE_URL: it runs no job itself. `submit` stores the job (queued) in the
 * jobs table, creates its lease row and enqueues `{jobId, spec}` in pg-boss; a worker process (`npm run worker`,
 * queue-worker.ts) runs it and writes progress and outcome to the same row, which every API server reads.
 */
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Job, JobKind } from '../../../../common/api-types/jobs.ts';
import type { JobQueue, JobWork } from '../job-queue.ts';
import type { JobStore } from '../job-store.ts';
import { createLease, installLeases, removeLease } from './job-leases.ts';
import { createBoss, createQueue, QUEUE, reasons, type QueuedJob, type QueueSettings } from './queue-settings.ts';

export class PgJobQueue implements JobQueue {
  private closed = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly store: JobStore,
    private readonly settings: QueueSettings,
  ) {}

  /** Connect pg-boss (installing or migrating its schema under its own lock), the queue and the lease table. */
  static async start(databaseUrl: string, store: JobStore, settings: QueueSettings, log: FastifyBaseLogger): Promise<PgJobQueue> {
    const boss = createBoss(databaseUrl, 'api');
    boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
    await boss.start();
    try {
      await installLeases(boss.getDb());
      await createQueue(boss, settings);
    } catch (error) {
      await boss.stop({ graceful: false, wait: true });
      throw error;
    }
    return new PgJobQueue(boss, store, settings);
  }

  async submit(kind: JobKind, request: Record<string, unknown>, userId: number | null, work: JobWork): Promise<Job> {
    if (this.closed) throw new Error('the job queue is closed');
    if (typeof work === 'function') throw new Error('the durable queue runs job specs only, not handler functions');
    const job = await this.store.insert(kind, request, userId);
    const queueId = randomUUID();
    const data: QueuedJob = { jobId: job.id, spec: work };
    try {
      await createLease(this.boss.getDb(), job.id, queueId, this.settings.attempts);
      await this.boss.send(QUEUE, data, {
        id: queueId,
        retryLimit: this.settings.attempts - 1,
        retryDelay: 0,
        expireInSeconds: this.settings.timeoutSeconds,
      });
    } catch (error) {
      // Not enqueued: the row must not stay queued for ever.
      await this.store.markFailed(job.id, reasons.enqueueFailed((error as Error).message));
      await removeLease(this.boss.getDb(), job.id).catch(() => undefined);
      throw error;
    }
    return job;
  }

  /** Jobs run in worker processes: nothing runs here to wait for. */
  async idle(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.boss.stop({ graceful: false, wait: true });
  }
}
