/**
 * A worker process's loop (`npm run worker`): fetch one job from pg-boss, take its lease, run it, write status,
 * progress and outcome to the jobs table, repeat. One job at a time per process (its heavy parts use a worker
 * thread, and a machine runs as many worker processes as it has cores to spare). Every worker also sweeps:
 * jobs whose worker died are handed back to the queue or failed (sweeper.ts).
 *
 * Failures and retries: a job that fails (the task threw: bad input, a missing analysis, a model that does not
 * converge) is failed in the jobs table with its reason and completed in pg-boss: a retry would meet the same
 * reason. Only a lost worker (SIGKILL, a crash, a machine gone) costs an attempt and runs the job again, at most
 * `attempts` times in all. SIGTERM lets the running job finish for `stopGraceSeconds`, then hands it back to the
 * queue (a hand-back never fails a job: if it was the last attempt, it is granted one more).
 *
 * The database away (restarted, unreachable): the worker keeps running. Its outcome is written once the database
 * answers again (up to DATABASE_WAIT_MS); a task that failed because the database was away is handed back to
 * the queue then, and runs again (its writes are idempotent: the archive keeps files that exist).
 */
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import { isFinished } from '../../../../common/api-types/jobs.ts';
import { failureMessage } from '../../disk/disk-full.ts';
import { handlerFor, type JobEnvironment } from '../job-specs.ts';
import { JobWillRetry } from '../job-will-retry.ts';
import type { JobStore } from '../job-store.ts';
import { beat, claimLease, holds, installLeases, releaseLease, removeLease } from './job-leases.ts';
import { createQueue, QUEUE, reasons, workerName, type QueuedJob, type QueueSettings } from './queue-settings.ts';
import { Sweeper } from './sweeper.ts';
import { isDatabaseUnavailable, unavailableReason, whenDatabaseAnswers } from '../../db/unavailable.ts';

/** How long a worker waits for the database to answer again before it leaves its job to the sweeper (ms). */
const DATABASE_WAIT_MS = 10 * 60_000;

export interface QueueWorkerOptions {
  boss: PgBoss;
  store: JobStore;
  env: JobEnvironment;
  log: FastifyBaseLogger;
  settings: QueueSettings;
  /** How a spec becomes a handler (default `handlerFor`; tests give tasks of their own). */
  resolve?: typeof handlerFor;
  /** Told of each job's result once it has succeeded (the worker warms the files it wrote). */
  succeeded?: (result: Record<string, unknown>) => void;
  /** Told of each job that ran to an end here, with how long it ran (seconds): the worker's metrics. */
  finished?: (kind: string, outcome: 'succeeded' | 'failed', seconds: number) => void;
}

interface Running {
  jobId: number;
  controller: AbortController;
  done: Promise<void>;
}

export class QueueWorker {
  readonly name = workerName();
  private readonly sweeper: Sweeper;
  private stopping = false;
  private current: Running | null = null;
  private loopDone: Promise<void> = Promise.resolve();
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly idleWake = new AbortController();

  constructor(private readonly options: QueueWorkerOptions) {
    this.sweeper = new Sweeper(options);
  }

  private get db() {
    return this.options.boss.getDb();
  }

  /** Install the lease table and the queue, sweep once, and start taking jobs. */
  async start(): Promise<void> {
    const { boss, settings, log } = this.options;
    await installLeases(this.db);
    await createQueue(boss, settings);
    await this.sweeper.sweep();
    // Half the stale limit: a dead worker's job is noticed at most 1.5 stale periods after its last heartbeat.
    this.sweepTimer = setInterval(() => void this.sweeper.sweep(), (settings.staleSeconds * 1000) / 2);
    this.loopDone = this.loop();
    log.info({ worker: this.name, queue: QUEUE }, 'worker started');
  }

  /**
   * SIGTERM: take no more jobs; let the running one finish for `stopGraceSeconds`, else abort it and hand it back
   * to the queue. Resolves when nothing runs any more (the caller then stops pg-boss and closes the database).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.idleWake.abort();
    clearInterval(this.sweepTimer);
    const current = this.current;
    if (current) {
      const grace = this.options.settings.stopGraceSeconds * 1000;
      const finished = await Promise.race([current.done.then(() => true), sleep(grace, false)]);
      if (!finished) {
        this.options.log.warn({ job: current.jobId }, 'job not finished within the stop grace: handing it back');
        current.controller.abort(new JobWillRetry(reasons.handedBack));
        await current.done;
      }
    }
    await this.loopDone;
    await this.sweeper.idle();
  }

  private async loop(): Promise<void> {
    const { boss, settings, log } = this.options;
    while (!this.stopping) {
      let jobs: Array<PgBoss.JobWithMetadata<QueuedJob>> = [];
      try {
        jobs = await boss.fetch<QueuedJob>(QUEUE, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        if (isDatabaseUnavailable(error)) log.warn({ reason: unavailableReason(error) }, 'database unavailable: no job fetched');
        else log.error({ err: error }, 'could not fetch a job');
      }
      if (this.stopping && jobs.length > 0) {
        // Fetched just as SIGTERM arrived: give it straight back rather than start it.
        await this.handBack(jobs[0]);
        break;
      }
      if (jobs.length === 0) {
        await sleep(settings.pollSeconds * 1000, undefined, { signal: this.idleWake.signal }).catch(() => undefined);
        continue;
      }
      const controller = new AbortController();
      const done = this.run(jobs[0], controller).catch((error: unknown) => {
        log.error({ err: error, job: jobs[0].data?.jobId }, 'the worker could not record a job outcome');
      });
      this.current = { jobId: jobs[0].data?.jobId, controller, done };
      await done;
      this.current = null;
    }
  }

  private async run(job: PgBoss.JobWithMetadata<QueuedJob>, controller: AbortController): Promise<void> {
    const { boss, store, env, settings } = this.options;
    const { jobId, spec } = job.data ?? ({} as Partial<QueuedJob>);
    if (typeof jobId !== 'number' || !spec) {
      await boss.fail(QUEUE, job.id, { message: reasons.badSpec });
      if (typeof jobId === 'number') await store.markFailed(jobId, reasons.badSpec);
      return;
    }
    const attempt = job.retryCount + 1;
    const attempts = job.retryLimit + 1;
    const lease = await claimLease(this.db, jobId, this.name, attempt, settings.staleSeconds);
    if (!lease) {
      // A live worker still runs it (pg-boss's expiry gave it out again): that worker writes the outcome.
      this.options.log.warn({ job: jobId }, 'job fetched again while another worker holds it: left to that worker');
      return;
    }
    const row = await store.find(jobId);
    if (!row || isFinished(row)) {
      await removeLease(this.db, jobId);
      await boss.complete(QUEUE, job.id);
      return;
    }
    await store.markRunning(jobId);
    if (attempt > 1) await store.setProgress(jobId, 0, reasons.retrying(attempt, attempts));
    const log = this.options.log.child({ job: jobId, kind: row.kind, userId: row.user_id, attempt, worker: this.name });
    log.info('job started');

    const { signal } = controller;
    const started = performance.now();
    const ranFor = () => (performance.now() - started) / 1000;
    // Progress writes in order, one at a time (a pool could otherwise land them out of order).
    let writes = Promise.resolve();
    const heartbeat = setInterval(() => {
      beat(this.db, jobId, this.name).then(
        (held) => {
          if (!held) controller.abort(new JobWillRetry('lease lost: another worker took the job over'));
        },
        (error: unknown) => log.warn({ err: error }, 'heartbeat failed'),
      );
    }, settings.heartbeatSeconds * 1000);
    try {
      const outcome = await (this.options.resolve ?? handlerFor)(spec, env)({
        job: { ...row, status: 'running' },
        signal,
        progress: (fraction, message) => {
          if (signal.aborted) return;
          writes = writes.then(() => store.setProgress(jobId, fraction, message ?? null)).catch((error: unknown) => log.warn({ err: error }, 'progress not recorded'));
        },
        log,
      });
      if (signal.aborted) throw signal.reason;
      clearInterval(heartbeat);
      await writes;
      let counted = false;
      const recorded = await this.whenDatabaseAnswers(log, async () => {
        if (!(await holds(this.db, jobId, this.name))) return false; // taken over meanwhile: the new holder decides
        await store.markSucceeded(jobId, outcome.result, outcome.message ?? null);
        // Counted as soon as the job is recorded, before the bookkeeping (once, should the rest be repeated):
        // a scrape that sees the job succeeded sees it counted.
        if (!counted) this.options.finished?.(row.kind, 'succeeded', ranFor());
        counted = true;
        await removeLease(this.db, jobId);
        await boss.complete(QUEUE, job.id);
        return true;
      });
      if (!recorded) return;
      log.info({ result: outcome.result }, 'job succeeded');
      this.options.succeeded?.(outcome.result);
    } catch (error) {
      clearInterval(heartbeat);
      await writes;
      if (signal.aborted && signal.reason instanceof JobWillRetry) {
        if (signal.reason.message === reasons.handedBack) await this.handBack(job);
        return; // lease lost: the sweeper that took it over has requeued or failed it
      }
      if (isDatabaseUnavailable(error)) {
        // Not the job's fault: once the database answers, the job goes back to the queue and runs again.
        log.warn({ reason: unavailableReason(error) }, 'job interrupted: the database is unavailable');
        await this.whenDatabaseAnswers(log, () => this.handBack(job));
        return;
      }
      // A full disk is told as such, in Russian, whichever layer met it (disk/disk-full.ts).
      const message = failureMessage(error);
      await this.whenDatabaseAnswers(log, async () => {
        await store.markFailed(jobId, message);
        await removeLease(this.db, jobId);
        // Completed, not failed, in pg-boss: the job ran to its end; a retry would meet the same reason.
        await boss.complete(QUEUE, job.id);
      });
      log.warn({ err: error }, 'job failed');
      this.options.finished?.(row.kind, 'failed', ranFor());
    }
  }

  /** Run `work` (safe to repeat) now, or once the database answers again; one warning per wait. */
  private whenDatabaseAnswers<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
    let warned = false;
    return whenDatabaseAnswers(work, {
      timeoutMs: DATABASE_WAIT_MS,
      onWait: (error) => {
        if (!warned) log.warn({ reason: unavailableReason(error) }, 'database unavailable: the job outcome waits for it');
        warned = true;
      },
    });
  }

  /** Give a job back to the queue: the next worker starts it afresh. */
  private async handBack(job: PgBoss.JobWithMetadata<QueuedJob>): Promise<void> {
    const { boss, store } = this.options;
    const jobId = job.data.jobId;
    if (await holds(this.db, jobId, this.name)) {
      await store.markRequeued(jobId, reasons.handedBack);
      await releaseLease(this.db, jobId, this.name);
    }
    await boss.fail(QUEUE, job.id, { message: reasons.handedBack });
    // fail() charged an attempt; retry() adds one back (and revives the job if that was its last).
    const after = await boss.getJobById<QueuedJob>(QUEUE, job.id);
    if (after?.state === 'failed') await boss.retry(QUEUE, job.id);
    this.options.log.info({ job: jobId }, 'job handed back to the queue');
  }
}
