/**
 * Run a task module's `run(args, progress)` on a fresh thread (node:worker_threads), so CPU-heavy work (model
 * runs, metrics, file writing) never blocks the API's event loop. One thread per call, started from the task's
 * bundle (task-bundle.ts): start-up costs under a tenth of a second of CPU, and a thread that is terminated on abort
 * frees its memory. ('Worker' in this project names a queue process, `npm run worker`; a thread is a thread.)
 */
import { Worker } from 'node:worker_threads';
import { taskBundle } from './task-bundle.ts';
import type { WorkerData, WorkerMessage } from './thread-protocol.ts';

export class WorkerTaskError extends Error {
  constructor(
    message: string,
    readonly taskErrorName: string,
    /** The original error's code, when it had one (ECONNREFUSED, a SQLSTATE…). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export interface RunInThreadOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number, message?: string) => void;
}

export async function runInThread<T>(task: URL, args: unknown, options: RunInThreadOptions = {}): Promise<T> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const bundle = await taskBundle(task);
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const data: WorkerData = { args };
    const thread = new Worker(bundle, { workerData: data });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
      void thread.terminate();
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new Error('aborted')));
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.fraction, message.message);
      else if (message.type === 'done') finish(() => resolve(message.value as T));
      else finish(() => reject(new WorkerTaskError(message.message, message.name, message.code)));
    });
    thread.on('error', (error) => finish(() => reject(error)));
    thread.on('exit', (code) => finish(() => reject(new Error(`the thread stopped unexpectedly (exit code ${code})`))));
  });
}
