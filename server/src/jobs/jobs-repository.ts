/**
 * The only module that writes SQL for the jobs table (migration in db/migrations.ts). Async over Kysely, the same
 * on SQLite and PostgreSQL; with PostgreSQL every API server and worker process sees the same rows.
 */
import { nowText, uniqueViolation, type Db } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';
import type { Job, JobKind, JobStatus, JobView } from '../../../common/api-types/jobs.ts';
import type { Selectable } from 'kysely';

type JobRow = Selectable<JobsTable>;

function toJob(row: JobRow): Job {
  return {
    ...row,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
    request: JSON.parse(row.request) as Record<string, unknown>,
  };
}

/**
 * The daily cycle's kinds: a run of the schedule (a tick, a due retry, dates a dead run left) and one an admin asked
 * for (POST /force_fetch_data). At most one job of either is queued or running at a time, on every server together:
 * the partial unique index `jobs_single_flight` (migration 16) refuses a second one in the insert itself.
 */
export const CYCLE_JOB_KINDS: readonly JobKind[] = ['daily_cycle', 'force_fetch_data'];

/** A daily cycle's job is already queued or running (`active`, if it is still there when looked up). */
export class JobAlreadyActiveError extends Error {
  constructor(
    readonly kind: JobKind,
    readonly active: Job | undefined,
  ) {
    super(`a ${kind} job is already queued or running${active ? ` (job ${active.id})` : ''}`);
    this.name = 'JobAlreadyActiveError';
  }
}

/**
 * Store a new queued job. For a CYCLE_JOB_KINDS kind, throws JobAlreadyActiveError when one of them is queued or
 * running already, atomically across servers (the unique index decides, not a read before the write).
 */
export async function insertJob(db: Db, kind: JobKind, request: Record<string, unknown>, userId: number | null): Promise<Job> {
  try {
    const row = await db
      .insertInto('jobs')
      .values({ kind, request: JSON.stringify(request), user_id: userId, created_at: nowText() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toJob(row);
  } catch (error) {
    const constraint = uniqueViolation(error);
    // Both engines name the index (SQLite: "index 'jobs_single_flight'", an index on an expression).
    if (constraint === 'jobs_single_flight') throw new JobAlreadyActiveError(kind, await findActiveJob(db, CYCLE_JOB_KINDS));
    throw error;
  }
}

export async function findJob(db: Db, id: number): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toJob(row);
}

/** Who is looking: admins and superusers see every job, anyone else only the jobs they asked for. */
export interface JobViewer {
  id: number;
  admin: boolean;
}

/** A job as the API shows it: with the name of the account that asked (null if deleted or the system). */
const selectView = (db: Db) => db.selectFrom('jobs as j').leftJoin('users as u', 'u.id', 'j.user_id').selectAll('j').select('u.username as username');

function toView(row: JobRow & { username: string | null }): JobView {
  return { ...toJob(row), username: row.username };
}

/** The jobs `viewer` may see, newest first. A plain user's filter uses the user_id column only. */
export async function listVisibleJobs(db: Db, viewer: JobViewer, limit: number): Promise<JobView[]> {
  let query = selectView(db);
  if (!viewer.admin) query = query.where('j.user_id', '=', viewer.id);
  const rows = await query.orderBy('j.id', 'desc').limit(limit).execute();
  return rows.map(toView);
}

/** The job, or undefined when it does not exist or `viewer` may not see it (the caller answers 404 either way). */
export async function findVisibleJob(db: Db, viewer: JobViewer, id: number): Promise<JobView | undefined> {
  const row = await selectView(db).where('j.id', '=', id).executeTakeFirst();
  if (!row || (!viewer.admin && row.user_id !== viewer.id)) return undefined;
  return toView(row);
}

/** The oldest queued or running job of `kinds`. */
export async function findActiveJob(db: Db, kinds: readonly JobKind[]): Promise<Job | undefined> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', 'in', kinds)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && toJob(row);
}

/** Mark a queued job running; returns false when it was not queued (already taken, or failed meanwhile). */
export async function markRunning(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'running', started_at: nowText() })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setProgress(db: Db, id: number, progress: number, message: string | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      progress: Math.min(1, Math.max(0, progress)),
      message: message === null ? eb.ref('message') : message,
    }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function markSucceeded(db: Db, id: number, result: Record<string, unknown>, message: string | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'succeeded', progress: 1, result: JSON.stringify(result), message, finished_at: nowText() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Fail a job that has not finished; a finished job keeps its outcome. */
export async function markFailed(db: Db, id: number, message: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'failed', message, finished_at: nowText() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/**
 * At start: jobs left queued or running by a previous process can never finish (their work lived in that
 * process), so they are failed with the reason. Returns how many.
 */
export async function failUnfinishedJobs(db: Db, reason: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'failed', message: reason, finished_at: nowText() })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A running job goes back to the queue (its worker stopped; the durable queue runs it again): progress back to 0. */
export async function markRequeued(db: Db, id: number, message: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', progress: 0, message })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}
