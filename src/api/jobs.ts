/** Endpoints under /api/v1/jobs: background work (data upload, model and forecast generation) and its progress. */
import type { JobView } from '../../common/api-types/jobs.ts';
import { apiJson, type RequestOptions } from './client.ts';

export { isFinished } from '../../common/api-types/jobs.ts';
/** A job as the API shows it (with who asked). */
export type Job = JobView;

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export function fetchJob(id: number, options: ReadOptions = {}): Promise<Job> {
  return apiJson<Job>(`jobs/${id}`, options);
}

/** Newest first: a user's own jobs, or everyone's for admins and superusers. */
export function fetchJobs(options: ReadOptions = {}): Promise<Job[]> {
  return apiJson<Job[]>('jobs', options);
}
