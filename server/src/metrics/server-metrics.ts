/**
 * The series one process exposes on /metrics (Prometheus text format, prom-client), in a registry of its own:
 * one per app (a decorator, `app.metrics`), so two apps in one process (tests) never share counts.
 * Events are counted where they happen (requests, jobs this process ran, refused sign-ins); the state of the
 * whole deployment (queue, cycle, verification, disk) is read from the database and DATA_DIR at each scrape
 * (`snapshot.ts`), so every server of a fleet answers the same for it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_KINDS } from '../../../common/api-types/jobs.ts';

/** Why a sign-in was refused, by the status POST /auth/jwt/login answered. */
export const SIGN_IN_REFUSALS: Readonly<Record<number, string>> = {
  400: 'bad_credentials',
  403: 'foreign_origin',
  422: 'malformed',
  429: 'too_many_attempts',
};

export type JobOutcome = 'succeeded' | 'failed';

/** What a scrape reads from the database and the disk (snapshot.ts). */
export interface StateSnapshot {
  /** Jobs waiting to run, and running, by kind. */
  jobs: Array<{ kind: string; status: 'queued' | 'running'; count: number }>;
  /** The daily cycle's dates (today and the backfill window) and the status of each. */
  cycleDates: Array<{ date: string; status: string }>;
  /** When the newest verification record was computed, Unix seconds (null: none yet). */
  verificationComputedAt: number | null;
  /** Free bytes for DATA_DIR's file system, and the bytes of the files under DATA_DIR. */
  freeBytes: number;
  storeBytes: number;
}

export interface ServerMetrics {
  registry: Registry;
  /** A reply sent: `route` is the route's pattern (`/api/v1/jobs/:id`), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void;
  jobFinished(kind: string, outcome: JobOutcome, seconds: number): void;
  signInRefused(reason: string): void;
  /** The state gauges from a fresh snapshot; `null`: the database did not answer (ice_database_up 0, the rest kept). */
  setState(snapshot: StateSnapshot | null): void;
}

/** Request durations, seconds: from a cached JSON reply (ms) to a cold subset or an upload (tens of s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
/** Job durations, seconds: an import (seconds) to a day's cycle or a network's run (tens of minutes). */
const JOB_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];

/** A queue worker's registry (`npm run worker` with METRICS_PORT): the process and the jobs it ran. */
export interface WorkerMetrics {
  registry: Registry;
  jobFinished(kind: string, outcome: JobOutcome, seconds: number): void;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry, jobFinished: jobSeries(registry) };
}

/** The job series, the same in an API server (in-process runner) and a queue worker; every kind at 0 from the start. */
function jobSeries(registry: Registry): WorkerMetrics['jobFinished'] {
  const registers = [registry];
  const labelNames = ['kind', 'outcome'] as const;
  const jobs = new Counter({ name: 'ice_jobs_finished_total', help: 'Jobs this process ran to an end, by kind and outcome', labelNames, registers });
  const durations = new Histogram({ name: 'ice_job_duration_seconds', help: 'Time a job ran, seconds', labelNames, buckets: JOB_BUCKETS, registers });
  for (const kind of JOB_KINDS) for (const outcome of ['succeeded', 'failed'] as const) jobs.inc({ kind, outcome }, 0);
  return (kind, outcome, seconds) => {
    jobs.inc({ kind, outcome });
    durations.observe({ kind, outcome }, seconds);
  };
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP replies sent, by route pattern and status', labelNames: labels, registers });
  const durations = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer a request, seconds', labelNames: labels, buckets: REQUEST_BUCKETS, registers });
  const jobFinished = jobSeries(registry);
  const refusals = new Counter({ name: 'ice_sign_in_refusals_total', help: 'Sign-ins refused, by reason', labelNames: ['reason'], registers });
  const databaseUp = new Gauge({ name: 'ice_database_up', help: '1 when the database answered the last scrape, else 0', registers });
  const queue = new Gauge({ name: 'ice_jobs_waiting', help: 'Jobs queued or running now (the whole deployment), by kind and status', labelNames: ['kind', 'status'], registers });
  const queueDepth = new Gauge({ name: 'ice_job_queue_depth', help: 'Jobs queued and not yet started (the whole deployment)', registers });
  const cycle = new Gauge({ name: 'ice_cycle_date_status', help: "1 for each date of the daily cycle's window at its current status", labelNames: ['date', 'status'], registers });
  const verified = new Gauge({ name: 'ice_verification_last_computed_timestamp_seconds', help: 'When the newest verification record was computed, Unix seconds (0: none yet)', registers });
  const free = new Gauge({ name: 'ice_data_dir_free_bytes', help: "Bytes free for DATA_DIR's file system (for unprivileged writers)", registers });
  const store = new Gauge({ name: 'ice_data_dir_bytes', help: 'Bytes of the files under DATA_DIR (database, forecast files, copies, subsets)', registers });
  // Every known label at 0 from the start: a rate or an alert works before the first event.
  for (const reason of Object.values(SIGN_IN_REFUSALS)) refusals.inc({ reason }, 0);
  databaseUp.set(1);

  return {
    registry,
    request(method, route, status, seconds) {
      const values = { method, route, status: String(status) };
      requests.inc(values);
      durations.observe(values, seconds);
    },
    jobFinished,
    signInRefused(reason) {
      refusals.inc({ reason });
    },
    setState(snapshot) {
      databaseUp.set(snapshot ? 1 : 0);
      if (!snapshot) return;
      queue.reset();
      for (const row of snapshot.jobs) queue.set({ kind: row.kind, status: row.status }, row.count);
      queueDepth.set(snapshot.jobs.filter((row) => row.status === 'queued').reduce((sum, row) => sum + row.count, 0));
      // Reset first: a date that left the window, or a status it left, is no longer reported.
      cycle.reset();
      for (const { date, status } of snapshot.cycleDates) cycle.set({ date, status }, 1);
      verified.set(snapshot.verificationComputedAt ?? 0);
      free.set(snapshot.freeBytes);
      store.set(snapshot.storeBytes);
    },
  };
}
