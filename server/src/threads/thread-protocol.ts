/** Messages between run-in-thread.ts (parent) and thread-entry.ts (inside the thread, in the task's bundle). */

/** A task module run in a worker exports `run`; results must be structured-cloneable. */
export interface WorkerTaskModule {
  run(args: unknown, progress: (fraction: number, message?: string) => void): unknown;
}

/** What a thread is started with: the task itself is in its bundle (task-bundle.ts). */
export interface WorkerData {
  args: unknown;
}

export type WorkerMessage =
  | { type: 'progress'; fraction: number; message?: string }
  | { type: 'done'; value: unknown }
  /** `code`: the error's code (ECONNREFUSED, a SQLSTATE…), so the parent can tell a database away from a bug. */
  | { type: 'error'; name: string; message: string; code?: string };
