/** Endpoints under /api/v1/jobs: background work (data upload, model and forecast generation) and its progress. */
import { apiJson, type RequestOptions } from './client.ts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type JobKind = 'force_fetch_data' | 'generate_model' | 'generate_forecast';

export interface Job {
  id: number;
  kind: JobKind;
  status: JobStatus;
  /** 0..1. */
  progress: number;
  /** What the job is doing now, or why it failed. */
  message: string | null;
  /** What a finished job produced (kind-specific JSON), null before it succeeds. */
  result: Record<string, unknown> | null;
  /** The stored request. */
  request: Record<string, unknown>;
  user_id: number | null;
  /** Who asked; null for a deleted account or a job the server started itself. */
  username: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export function fetchJob(id: number, options: ReadOptions = {}): Promise<Job> {
  return apiJson<Job>(`jobs/${id}`, options);
}

/** Newest first: a user's own jobs, or everyone's for admins and superusers. */
export function fetchJobs(options: ReadOptions = {}): Promise<Job[]> {
  return apiJson<Job[]>('jobs', options);
}

export function isFinished(job: Pick<Job, 'status'>): boolean {
  return job.status === 'succeeded' || job.status === 'failed';
}
