/**
 * The daily cycle's scheduler, one per API server (worker processes run jobs, they do not schedule). The schedule
 * lives in the database: a tick is claimed by inserting its row (cycle_ticks), a due retry by moving its date from
 * waiting to queued, so of several servers exactly one starts each run; and a run is a `daily_cycle` job
 * (`force_fetch_data` when an admin asks for it), of which the jobs table lets one be queued or running at a time. On SQLite the same statements, one process.
 * `runDue(now)` does what is due at `now`; the timer calls it, tests call it with a fake clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../common/api-types/jobs.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import type { JobSpec } from './job-specs.ts';
import { CYCLE_JOB_KINDS, findActiveJob, JobAlreadyActiveError } from './jobs-repository.ts';
import {
  claimRetries,
  claimTick,
  cycleDates,
  dueRetries,
  nextRetryAt,
  releaseTick,
  saveCycleDate,
  setTickJob,
  tickClaimed,
  unfinishedDates,
  type CycleDate,
} from '../cycle/cycle-repository.ts';
import { latestOccurrence, nextOccurrence, SCHEDULE_OFF, windowDates, type CycleSettings } from '../cycle/schedule.ts';
import { utcDay } from '../../../common/utc-day.ts';


export function cycleSettings(config: Config): CycleSettings {
  return {
    schedule: config.cycleSchedule ?? SCHEDULE_OFF,
    backfillDays: config.cycleBackfillDays,
    retryS: config.cycleRetryS,
    deadline: config.cycleDeadline,
    retainDays: config.retainDays,
    source: config.analysisSource,
    diskReserveBytes: config.diskReserveBytes,
    charts: config.chartSource ? { folder: config.chartSource.path, maxBytes: config.importMaxBytes } : null,
    regions: config.cycleRegions,
  };
}

export type CycleTrigger = 'schedule' | 'retry' | 'resume' | 'manual';

/** A date a run need not touch: its files are made, or retention removed them. */
const settled = (row: CycleDate | undefined) => row?.status === 'done' || row?.status === 'retired';

/** How long a date may sit queued or running with no cycle job active before a run resumes it. */
const ORPHAN_AFTER_MS = 120_000;
/** The timer looks again at least this often (retries set by other servers, a tick a busy queue held back). */
const MAX_SLEEP_MS = 60_000;

export interface CycleSchedulerDeps {
  db: Db;
  jobs: JobQueue;
  settings: CycleSettings;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export class CycleScheduler {
  private timer: NodeJS.Timeout | null = null;
  private lastSeen: Date | null = null;
  private pendingTick: Date | null = null;
  private running: Promise<Job | null> | null = null;
  private stopped = false;
  readonly settings: CycleSettings;

  constructor(private readonly deps: CycleSchedulerDeps) {
    this.settings = deps.settings;
  }

  /** The scheduler's clock (UTC): the system's, or the one `useClock` set. */
  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Replace the clock: tests drive the schedule, retries and deadlines with a fake one. */
  useClock(now: () => Date): void {
    this.deps.now = now;
  }

  /** Start the timer: the first look at once (a tick missed in the last day, dates a restart left unfinished). */
  start(): void {
    this.stopped = false;
    this.lastSeen ??= new Date(this.now().getTime() - 86_400_000);
    this.wake(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private wake(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.runDue()
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'daily cycle: scheduling failed'))
        .finally(() => {
          this.nextRun()
            .then((next) => this.wake(Math.max(200, Math.min(MAX_SLEEP_MS, (next?.getTime() ?? Infinity) - Date.now()))))
            .catch(() => this.wake(MAX_SLEEP_MS));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** When the next run is due: the schedule's next tick or the earliest retry. */
  async nextRun(now = this.now()): Promise<Date | null> {
    const candidates = [nextOccurrence(this.settings.schedule, now), await nextRetryAt(this.deps.db)].filter((d): d is Date => d !== null);
    return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
  }

  /** Do what is due at `now`: the schedule's tick since the last look, due retries, orphaned dates. One at a time. */
  runDue(now = this.now()): Promise<Job | null> {
    const previous = this.running ?? Promise.resolve(null);
    const run = previous.catch(() => null).then(() => this.runDueNow(now));
    this.running = run;
    return run.finally(() => {
      if (this.running === run) this.running = null;
    });
  }

  private async runDueNow(now: Date): Promise<Job | null> {
    const since = this.lastSeen ?? new Date(now.getTime() - 1);
    const occurrence = latestOccurrence(this.settings.schedule, since, now);
    if (!this.lastSeen || now > this.lastSeen) this.lastSeen = now;
    if (occurrence) this.pendingTick = occurrence;
    if (await findActiveJob(this.deps.db, CYCLE_JOB_KINDS)) return null;
    if (this.pendingTick) {
      const tick = this.pendingTick;
      const job = await this.runTick(tick, now);
      if (job !== 'busy') this.pendingTick = null;
      if (job && job !== 'busy') return job;
    }
    const retries = await claimRetries(this.deps.db, await dueRetries(this.deps.db, now), now);
    const orphans = await this.orphanedDates(now);
    const dates = [...new Set([...retries, ...orphans])].sort();
    if (dates.length === 0) return null;
    const job = await this.submit(dates, now, retries.length ? 'retry' : 'resume', null);
    if (!job) {
      // Another run started meanwhile: the retries stay due for the next look.
      for (const date of retries) await this.deps.db.updateTable('cycle_dates').set({ status: 'waiting' }).where('date', '=', date).where('status', '=', 'queued').execute();
    }
    return job;
  }

  private async orphanedDates(now: Date): Promise<string[]> {
    const unfinished = await unfinishedDates(this.deps.db);
    const rows = await cycleDates(this.deps.db, unfinished);
    return unfinished.filter((date) => now.getTime() - Date.parse(rows.get(date)!.updated_at) > ORPHAN_AFTER_MS);
  }

  /** The tick's run, when this server claims it and some date needs work; 'busy' when a run is going on. */
  private async runTick(tick: Date, now: Date): Promise<Job | null | 'busy'> {
    const key = tick.toISOString();
    if (await tickClaimed(this.deps.db, key)) return null;
    const dates = await this.datesToRun(now);
    if (!(await claimTick(this.deps.db, key))) return null;
    if (dates.length === 0) {
      this.deps.log.info({ tick: key }, 'daily cycle: every date is done');
      return null;
    }
    const job = await this.submit(dates, now, 'schedule', null);
    if (!job) {
      await releaseTick(this.deps.db, key);
      return 'busy';
    }
    await setTickJob(this.deps.db, key, job.id);
    return job;
  }

  /** The window's dates (today − backfill … today) that are neither done nor retired. */
  async datesToRun(now = this.now()): Promise<string[]> {
    const window = windowDates(now, this.settings.backfillDays);
    const rows = await cycleDates(this.deps.db, window);
    return window.filter((date) => !settled(rows.get(date)));
  }

  /** POST /force_fetch_data: the same run at once, over the window's dates that need work. Throws JobAlreadyActiveError. */
  async force(userId: number, now = this.now()): Promise<Job> {
    const dates = await this.datesToRun(now);
    return this.submitOrThrow(dates, now, 'manual', userId);
  }

  private async submit(dates: string[], now: Date, trigger: CycleTrigger, userId: number | null): Promise<Job | null> {
    try {
      return await this.submitOrThrow(dates, now, trigger, userId);
    } catch (error) {
      if (error instanceof JobAlreadyActiveError) return null;
      throw error;
    }
  }

  private async submitOrThrow(dates: string[], now: Date, trigger: CycleTrigger, userId: number | null): Promise<Job> {
    const { settings } = this;
    const spec: JobSpec = {
      task: 'daily_cycle',
      plan: {
        dates,
        now: now.toISOString(),
        source: settings.source,
        retryS: settings.retryS,
        deadline: settings.deadline,
        retainDays: settings.retainDays,
        diskReserveBytes: settings.diskReserveBytes,
        charts: settings.charts ?? null,
        regions: settings.regions ?? ['sector'],
        userId,
      },
    };
    // An admin's run keeps the kind POST /force_fetch_data always started; the schedule's runs are its own kind.
    const kind = trigger === 'manual' ? 'force_fetch_data' : 'daily_cycle';
    const job = await this.deps.jobs.submit(kind, { date: utcDay(now), dates, trigger }, userId, spec);
    const rows = await cycleDates(this.deps.db, dates);
    for (const date of dates) {
      const row = rows.get(date);
      // A retry keeps its count of attempts; any other run starts the count again.
      if (row?.status === 'running') continue;
      const attempts = trigger === 'retry' && row ? row.attempts : 0;
      await saveCycleDate(this.deps.db, date, { status: 'queued', message: row?.status === 'waiting' || trigger === 'retry' ? row?.message ?? null : null, attempts, job_id: job.id });
    }
    this.deps.log.info({ job: job.id, dates, trigger }, 'daily cycle started');
    return job;
  }
}
