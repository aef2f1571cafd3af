/** Endpoints under /api/v1/jobs: background work (data upload, model and forecast generation) and its progress. */
import type { Job } from '../../common/api-types/jobs.ts';
import { apiJson, type RequestOptions } from './client.ts';

export { isFinished, type Job, type JobKind, type JobStatus } from '../../common/api-types/jobs.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

export function fetchJob(id: number, options: ReadOptions = {}): Promise<Job> {
  return apiJson<Job>(`jobs/${id}`, options);
}

/** Newest first. */
export function fetchJobs(options: ReadOptions = {}): Promise<Job[]> {
  return apiJson<Job[]>('jobs', options);
}
