/**
 * The in-process job runner: jobs run one at a time in submission order (the machine has two cores; running
 * model jobs side by side would only slow each down and starve the API). The handler's CPU-heavy parts go to
 * worker_threads through threads/run-in-thread.ts; the runner itself only keeps the jobs table up to date.
 *
 * The database away (PostgreSQL restarted, with JOB_RUNNER=in-process): the runner keeps going. A job's start and
 * outcome are written once the database answers again; a job whose handler failed because the database was away
 * is handed back (queued, at the head) once it answers and runs once more, as the durable queue's worker does.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Job, JobKind } from '../../../common/api-types/jobs.ts';
import { failureMessage } from '../disk/disk-full.ts';
import type { JobQueue, JobWork } from './job-queue.ts';
import { handlerFor, type JobEnvironment } from './job-specs.ts';
import { findJob, insertJob, markFailed, markRequeued, markRunning, markSucceeded, setProgress } from './jobs-repository.ts';
import { isDatabaseUnavailable, unavailableReason, whenDatabaseAnswers } from '../db/unavailable.ts';
import type { JobOutcome } from './job-handler.ts';

const SHUTDOWN_REASON = 'interrupted: the server shut down before the job finished';

interface Pending {
  id: number;
  work: JobWork;
  /** 1, or 2 when the database went away during the first run. */
  attempt: number;
}

/** Runs of a job at most when the database goes away under it (the durable queue's hand-back, once). */
const DATABASE_ATTEMPTS = 2;
/** How long a job's outcome waits for the database to answer again before it is given up (ms), as the queue worker's. */
const DATABASE_WAIT_MS = 10 * 60_000;
const DATABASE_REQUEUED_MESSAGE = 'база данных была недоступна во время выполнения; задание возвращено в очередь и будет выполнено снова';
const DATABASE_RETRY_MESSAGE = `повторная попытка ${DATABASE_ATTEMPTS} из ${DATABASE_ATTEMPTS}: база данных была недоступна`;

export class JobRunner implements JobQueue {
  private readonly queue: Pending[] = [];
  private current: { id: number; controller: AbortController; done: Promise<void> } | null = null;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** This process's DATA_DIR, database and model generator, for the specs it is given. */
    private readonly env: JobEnvironment,
    /** Told of each job's result once it has succeeded (the server warms the files it wrote). */
    private readonly succeeded: (result: Record<string, unknown>) => void = () => undefined,
    /** Told of each job's end, with how long it ran (seconds): the server's metrics. */
    private readonly finished: (kind: string, outcome: 'succeeded' | 'failed', seconds: number) => void = () => undefined,
  ) {}

  /** Store the job (queued) and schedule it; resolves to the stored job. */
  async submit(kind: JobKind, request: Record<string, unknown>, userId: number | null, work: JobWork): Promise<Job> {
    if (this.closed) throw new Error('the job runner is closed');
    const job = await insertJob(this.db, kind, request, userId);
    this.queue.push({ id: job.id, work, attempt: 1 });
    queueMicrotask(() => this.pump());
    return job;
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.current && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Abort the running job, fail the queued ones, and wait (up to `waitMs`) for the running one to stop. */
  async close(waitMs = 5000): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) await this.fail(pending.id, SHUTDOWN_REASON);
    const current = this.current;
    if (!current) return;
    current.controller.abort(new Error(SHUTDOWN_REASON));
    await Promise.race([current.done, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    await this.fail(current.id, SHUTDOWN_REASON);
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const next = this.queue.shift();
    if (!next) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    const controller = new AbortController();
    const done = this.execute(next, controller)
      .catch((error: unknown) => this.log.error({ err: error, job: next.id }, 'could not record a job outcome'))
      .finally(() => {
        this.current = null;
        this.pump();
      });
    this.current = { id: next.id, controller, done };
  }

  private async execute(pending: Pending, controller: AbortController): Promise<void> {
    const { id, work, attempt } = pending;
    const { signal } = controller;
    const job = await this.whenDatabaseAnswers(this.log, signal, async () => {
      await markRunning(this.db, id);
      if (attempt > 1) await setProgress(this.db, id, 0, DATABASE_RETRY_MESSAGE);
      return findJob(this.db, id);
    });
    if (!job) return;
    // The audit trail: who asked for which job, and how it ended (info level, with the user id).
    const log = this.log.child({ job: id, kind: job.kind, userId: job.user_id, ...(attempt > 1 && { attempt }) });
    log.info('job started');
    const started = performance.now();
    const ranFor = () => (performance.now() - started) / 1000;
    let outcome: JobOutcome;
    try {
      const handler = typeof work === 'function' ? work : handlerFor(work, this.env);
      outcome = await handler({
        job,
        signal,
        progress: (fraction, message) => {
          // Progress is advisory: written in the background, a failed write only logged.
          if (!signal.aborted) {
            setProgress(this.db, id, fraction, message ?? null).catch((error: unknown) => log.warn({ err: error }, 'could not record progress'));
          }
        },
        log,
      });
      if (signal.aborted) throw signal.reason;
    } catch (error) {
      if (isDatabaseUnavailable(error) && attempt < DATABASE_ATTEMPTS && !signal.aborted) {
        // Not the job's fault: once the database answers, the job goes back to the queue's head and runs again
        // (its writes are idempotent: the archive keeps files that exist), as the durable queue's worker does.
        log.warn({ reason: unavailableReason(error) }, 'job interrupted: the database is unavailable; it runs again once it answers');
        await this.whenDatabaseAnswers(log, signal, () => markRequeued(this.db, id, DATABASE_REQUEUED_MESSAGE));
        if (!this.closed) this.queue.unshift({ id, work, attempt: attempt + 1 });
        return;
      }
      // A full disk is told as such, in Russian, whichever layer met it (disk/disk-full.ts).
      await this.whenDatabaseAnswers(log, signal, () => markFailed(this.db, id, failureMessage(error)));
      log.warn({ err: error }, 'job failed');
      this.finished(job.kind, 'failed', ranFor());
      return;
    }
    // The outcome waits for a database that went away meanwhile, rather than being lost.
    await this.whenDatabaseAnswers(log, signal, () => markSucceeded(this.db, id, outcome.result, outcome.message ?? null));
    log.info({ result: outcome.result }, 'job succeeded');
    this.finished(job.kind, 'succeeded', ranFor());
    this.succeeded(outcome.result);
  }

  /** Run `work` (safe to repeat) now, or once the database answers again (one warning per wait); `signal` (close) ends the wait. */
  private whenDatabaseAnswers<T>(log: FastifyBaseLogger, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    let warned = false;
    return whenDatabaseAnswers(work, {
      timeoutMs: DATABASE_WAIT_MS,
      signal,
      onWait: (error) => {
        if (!warned) log.warn({ reason: unavailableReason(error) }, 'database unavailable: the job waits for it');
        warned = true;
      },
    });
  }

  /** Record a failure; the database may already be closed during shutdown, which is then reported at next start. */
  private async fail(id: number, message: string): Promise<void> {
    try {
      await markFailed(this.db, id, message);
    } catch (error) {
      this.log.error({ err: error, job: id }, 'could not record the job failure');
    }
  }
}
