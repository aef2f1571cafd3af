/**
 * `app.jobs`, the one interface the routes use to start a job, whichever runs it: the in-process `JobRunner`
 * (SQLite, `npm start`) or the durable queue (`PgJobQueue`, with DATABASE_URL: a worker process runs the job).
 * Either way the job is stored in the jobs table first and returned at once (status `queued`).
 */
import type { Job, JobKind } from '../../../common/api-types/jobs.ts';
import type { JobHandler } from './job-handler.ts';
import type { JobSpec } from './job-specs.ts';

/**
 * What to run: a spec (plain data, which any process can run), or, in-process only, a handler function (tests
 * submit those; the durable queue refuses them, since a function cannot travel to another process).
 */
export type JobWork = JobSpec | JobHandler;

export interface JobQueue {
  submit(kind: JobKind, request: Record<string, unknown>, userId: number | null, work: JobWork): Promise<Job>;
  /** Resolves when this process runs nothing and has nothing waiting (tests, shutdown). */
  idle(): Promise<void>;
  /** Stop: no more jobs are accepted. */
  close(): Promise<void>;
}
