/**
 * The sweeper, run by every worker every half stale period: finds jobs whose worker died and hands them back to
 * the queue (another attempt) or, when the attempts are spent, fails them with a Russian reason. So a job is
 * never lost and never `running` for ever, whichever worker dies and however (SIGKILL, a crash, a machine
 * switched off). Two cases:
 * - a lease whose heartbeat is stale: its worker stopped beating mid-job;
 * - a lease nobody holds whose pg-boss job has been `active` for a stale period: a worker fetched it and died
 *   before it could take the lease (a window of milliseconds, but SIGKILL can land there).
 * Several sweepers may run at once: `takeStaleLeases` hands each lease to one of them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type PgBoss from 'pg-boss';
import { isFinished } from '../../../../common/api-types/jobs.ts';
import type { JobEnvironment } from '../job-specs.ts';
import type { JobStore } from '../job-store.ts';
import { removeLease, takeStaleLeases, touchLease, unheldLeases, type Lease } from './job-leases.ts';
import { QUEUE, reasons, type QueuedJob, type QueueSettings } from './queue-settings.ts';

export interface SweeperOptions {
  boss: PgBoss;
  store: JobStore;
  env: JobEnvironment;
  log: FastifyBaseLogger;
  settings: QueueSettings;
}

export class Sweeper {
  private running: Promise<void> | null = null;

  constructor(private readonly options: SweeperOptions) {}

  private get db() {
    return this.options.boss.getDb();
  }

  /** One sweep (a sweep already under way is joined, not doubled). Errors are logged: the next sweep retries. */
  sweep(): Promise<void> {
    this.running ??= this.sweepOnce()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'sweep failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Resolves when no sweep runs. */
  async idle(): Promise<void> {
    await this.running;
  }

  private async sweepOnce(): Promise<void> {
    const { boss, settings } = this.options;
    for (const lease of await takeStaleLeases(this.db, settings.staleSeconds)) {
      await this.recover(lease, lease.attempt, lease.maxAttempts);
    }
    const unheld = await unheldLeases(this.db, settings.staleSeconds);
    if (unheld.length === 0) return;
    const { rows } = await this.db.executeSql('SELECT now() AS now', []);
    const now = (rows[0] as { now: Date }).now.getTime();
    for (const lease of unheld) {
      const queued = await boss.getJobById<QueuedJob>(QUEUE, lease.queueId);
      if (queued?.state === 'active' && now - queued.startedOn.getTime() > settings.staleSeconds * 1000) {
        await this.recover(lease, queued.retryCount + 1, queued.retryLimit + 1);
      } else if (!queued || queued.state === 'completed' || queued.state === 'failed' || queued.state === 'cancelled') {
        // pg-boss is done with it; the jobs row says whether anything is left to record.
        await this.recover(lease, lease.maxAttempts, lease.maxAttempts);
      } else {
        await touchLease(this.db, lease.jobId);
      }
    }
  }

  /** The job's worker is gone: back to the queue while attempts remain, else failed with the reason. */
  private async recover(lease: Lease, attempt: number, attempts: number): Promise<void> {
    const { boss, store, log } = this.options;
    const row = await store.find(lease.jobId);
    if (!row || isFinished(row)) {
      // It finished and only the bookkeeping was left (the worker died between the two writes).
      await boss.complete(QUEUE, lease.queueId);
      await removeLease(this.db, lease.jobId);
      return;
    }
    if (attempt < attempts) {
      // The row first: once pg-boss has the job in `retry`, a worker may fetch it and mark it running.
      await store.markRequeued(row.id, reasons.lostRetry(attempt, attempts));
      await boss.fail(QUEUE, lease.queueId, { message: 'worker lost' });
      log.warn({ job: row.id, attempt, attempts }, 'worker lost: job handed back to the queue');
      return;
    }
    await store.markFailed(row.id, reasons.lostFinal(attempts));
    const queued = await boss.getJobById<QueuedJob>(QUEUE, lease.queueId);
    await boss.fail(QUEUE, lease.queueId, { message: 'worker lost, attempts spent' });
    await removeLease(this.db, lease.jobId);
    removeUpload(this.options.env, queued?.data.spec);
    log.warn({ job: row.id, attempts }, 'worker lost: job failed, attempts spent');
  }
}

/** An import's uploaded file, kept across attempts, is removed once its job has failed for good. */
function removeUpload(env: JobEnvironment, spec: QueuedJob['spec'] | undefined): void {
  if (spec && (spec.task === 'import_analysis' || spec.task === 'import_forecast')) {
    rmSync(join(env.dataDir, spec.upload), { force: true });
  }
}
