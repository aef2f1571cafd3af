/**
 * What a job's work is to its runners: a handler takes the job's context (signal, progress, log) and resolves
 * with the result stored on the job. The job kinds (admin-jobs.ts, ingest-jobs.ts), the in-process runner and the
 * durable queue all speak this one type, so it lives apart from each of them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../common/api-types/jobs.ts';

export interface JobContext {
  job: Job;
  /** Aborted when the server shuts down; a handler passes it to workers and fetches. */
  signal: AbortSignal;
  /** Report progress, 0..1, with an optional message of what is being done. */
  progress(fraction: number, message?: string): void;
  log: FastifyBaseLogger;
}

export interface JobOutcome {
  result: Record<string, unknown>;
  /** A one-line summary shown with the job. */
  message?: string;
}

export type JobHandler = (context: JobContext) => Promise<JobOutcome>;
