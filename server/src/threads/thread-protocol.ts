/** Messages between run-in-thread.ts (parent) and thread-entry.ts (the worker thread). */

/** A task module run in a worker exports `run`; results must be structured-cloneable. */
export interface WorkerTaskModule {
  run(args: unknown, progress: (fraction: number, message?: string) => void): unknown;
}

export interface WorkerData {
  /** file: URL of thread-entry.ts (the bootstrap imports it after registering tsx). */
  entry: string;
  /** file: URL of the task module. */
  task: string;
  args: unknown;
}

export type WorkerMessage =
  | { type: 'progress'; fraction: number; message?: string }
  | { type: 'done'; value: unknown }
  /** `code`: the error's code (ECONNREFUSED, a SQLSTATE…), so the parent can tell a database away from a bug. */
  | { type: 'error'; name: string; message: string; code?: string };
