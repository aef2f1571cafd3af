/**
 * What the runners need from the jobs table, as one async interface: the in-process runner (SQLite) and the
 * durable queue (PostgreSQL) both keep the table up to date through it, so the app reads status, progress,
 * message and result from one place whichever runs the job. `jobStore(db)` binds it to jobs-repository.ts,
 * the only SQL for that table.
 */
import type { Job, JobKind } from '../../../common/api-types/jobs.ts';
import type { Db } from '../db/database.ts';
import * as repository from './jobs-repository.ts';

export interface JobStore {
  insert(kind: JobKind, request: Record<string, unknown>, userId: number | null): Promise<Job>;
  find(id: number): Promise<Job | undefined>;
  /** queued → running; false when it was not queued (a job that is not queued is left as it is). */
  markRunning(id: number): Promise<boolean>;
  setProgress(id: number, fraction: number, message: string | null): Promise<void>;
  markSucceeded(id: number, result: Record<string, unknown>, message: string | null): Promise<void>;
  /** Fails a queued or running job; a finished job keeps its outcome. */
  markFailed(id: number, message: string): Promise<void>;
  /** running → queued with the reason (its worker stopped; it will run again): progress back to 0. */
  markRequeued(id: number, message: string): Promise<void>;
}

export function jobStore(db: Db): JobStore {
  return {
    insert: async (kind, request, userId) => repository.insertJob(db, kind, request, userId),
    find: async (id) => repository.findJob(db, id),
    markRunning: async (id) => repository.markRunning(db, id),
    setProgress: async (id, fraction, message) => repository.setProgress(db, id, fraction, message),
    markSucceeded: async (id, result, message) => repository.markSucceeded(db, id, result, message),
    markFailed: async (id, message) => repository.markFailed(db, id, message),
    markRequeued: async (id, message) => repository.markRequeued(db, id, message),
  };
}
