/** A background job as stored in the jobs table and shown by GET /api/v1/jobs. */

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_KINDS = ['force_fetch_data', 'generate_model', 'generate_forecast', 'import_analysis', 'import_forecast'] as const;
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

export function isFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}
