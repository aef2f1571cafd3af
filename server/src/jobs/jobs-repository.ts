/** The only module that writes SQL for the jobs table (migration in db/migrations.ts). */
import type { Db } from '../db/database.ts';
import type { Job, JobKind, JobStatus, JobView } from '../../../common/api-types/jobs.ts';

interface JobRow {
  id: number;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  message: string | null;
  result: string | null;
  request: string;
  user_id: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

function toJob(row: JobRow): Job {
  return {
    ...row,
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
    request: JSON.parse(row.request) as Record<string, unknown>,
  };
}

export function insertJob(db: Db, kind: JobKind, request: Record<string, unknown>, userId: number | null): Job {
  const row = db
    .prepare(`INSERT INTO jobs (kind, request, user_id) VALUES (?, ?, ?) RETURNING *`)
    .get(kind, JSON.stringify(request), userId) as JobRow;
  return toJob(row);
}

export function findJob(db: Db, id: number): Job | undefined {
  const row = db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  return row && toJob(row);
}

/** Newest first. */
export function listJobs(db: Db, limit: number): Job[] {
  const rows = db.prepare('SELECT * FROM jobs ORDER BY id DESC LIMIT ?').all(limit) as JobRow[];
  return rows.map(toJob);
}

/** Who is looking: admins and superusers see every job, anyone else only the jobs they asked for. */
export interface JobViewer {
  id: number;
  admin: boolean;
}

/** A job as the API shows it: with the name of the account that asked (null if deleted or the system). */

const SELECT_VIEW = 'SELECT j.*, u.username AS username FROM jobs j LEFT JOIN users u ON u.id = j.user_id';

function toView(row: JobRow & { username: string | null }): JobView {
  return { ...toJob(row), username: row.username };
}

/** The jobs `viewer` may see, newest first. A plain user's filter uses the user_id column only. */
export function listVisibleJobs(db: Db, viewer: JobViewer, limit: number): JobView[] {
  const rows = viewer.admin
    ? db.prepare(`${SELECT_VIEW} ORDER BY j.id DESC LIMIT ?`).all(limit)
    : db.prepare(`${SELECT_VIEW} WHERE j.user_id = ? ORDER BY j.id DESC LIMIT ?`).all(viewer.id, limit);
  return (rows as Array<JobRow & { username: string | null }>).map(toView);
}

/** The job, or undefined when it does not exist or `viewer` may not see it (the caller answers 404 either way). */
export function findVisibleJob(db: Db, viewer: JobViewer, id: number): JobView | undefined {
  const row = db.prepare(`${SELECT_VIEW} WHERE j.id = ?`).get(id) as (JobRow & { username: string | null }) | undefined;
  if (!row || (!viewer.admin && row.user_id !== viewer.id)) return undefined;
  return toView(row);
}

/** A queued or running job of this kind, if any. */
export function findActiveJob(db: Db, kind: JobKind): Job | undefined {
  const row = db
    .prepare(`SELECT * FROM jobs WHERE kind = ? AND status IN ('queued', 'running') ORDER BY id LIMIT 1`)
    .get(kind) as JobRow | undefined;
  return row && toJob(row);
}

export function markRunning(db: Db, id: number): void {
  db.prepare(`UPDATE jobs SET status = 'running', started_at = ${NOW} WHERE id = ? AND status = 'queued'`).run(id);
}

export function setProgress(db: Db, id: number, progress: number, message: string | null): void {
  db.prepare(`UPDATE jobs SET progress = ?, message = COALESCE(?, message) WHERE id = ? AND status = 'running'`).run(
    Math.min(1, Math.max(0, progress)),
    message,
    id,
  );
}

export function markSucceeded(db: Db, id: number, result: Record<string, unknown>, message: string | null): void {
  db.prepare(
    `UPDATE jobs SET status = 'succeeded', progress = 1, result = ?, message = ?, finished_at = ${NOW}
     WHERE id = ? AND status = 'running'`,
  ).run(JSON.stringify(result), message, id);
}

/** Fail a job that has not finished; a finished job keeps its outcome. */
export function markFailed(db: Db, id: number, message: string): void {
  db.prepare(
    `UPDATE jobs SET status = 'failed', message = ?, finished_at = ${NOW}
     WHERE id = ? AND status IN ('queued', 'running')`,
  ).run(message, id);
}

/**
 * At start: jobs left queued or running by a previous process can never finish (their work lived in that
 * process), so they are failed with the reason. Returns how many.
 */
export function failUnfinishedJobs(db: Db, reason: string): number {
  return db
    .prepare(
      `UPDATE jobs SET status = 'failed', message = ?, finished_at = ${NOW} WHERE status IN ('queued', 'running')`,
    )
    .run(reason).changes;
}

/** A running job goes back to the queue (its worker stopped; the durable queue runs it again). */
export function markRequeued(db: Db, id: number, message: string): void {
  db.prepare(`UPDATE jobs SET status = 'queued', progress = 0, message = ? WHERE id = ? AND status IN ('queued', 'running')`).run(message, id);
}
