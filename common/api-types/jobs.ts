/**
 * A background job as the server stores it in the jobs table and GET /api/v1/jobs shows it: the one definition
 * the server (repository, runner, reply schema) and the app (src/api/jobs.ts, the progress views) share.
 */

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_KINDS = [
  /** The daily cycle's run of the schedule (a tick, a due retry); asked for by an admin it is 'force_fetch_data'. */
  'daily_cycle',
  'force_fetch_data',
  'generate_model',
  'generate_forecast',
  'import_analysis',
  'import_forecast',
  'upload_onnx_model',
  'import_icechart',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface Job {
  id: number;
  kind: JobKind;
  status: JobStatus;
  /** 0..1. */
  progress: number;
  /** What the job is doing now, its summary when done, or why it failed. */
  message: string | null;
  /** What a succeeded job produced (kind-specific), else null. */
  result: Record<string, unknown> | null;
  /** The request as the caller sent it (validated). */
  request: Record<string, unknown>;
  /** Who asked; null if that account was deleted. */
  user_id: number | null;
  /** ISO 8601 UTC timestamps. */
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A job as GET /api/v1/jobs and /jobs/{id} answer it: with the username of who asked (null for a deleted account). */
export interface JobView extends Job {
  username: string | null;
}

/** A job in a final state: nothing will change it any more. */
export function isFinished(job: Pick<Job, 'status'>): boolean {
  return job.status === 'succeeded' || job.status === 'failed';
}
