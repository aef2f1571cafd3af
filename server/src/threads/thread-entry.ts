/**
 * Inside a thread: the start of every task's bundle (task-bundle.ts) calls `serveTask` with the task module; it
 * calls the task's `run(args, progress)` and posts progress, the result, or the error back. See run-in-thread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage, WorkerTaskModule, WorkerData } from './thread-protocol.ts';

export async function serveTask(module: Partial<WorkerTaskModule>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('thread-entry.ts must run in a worker thread');
  const { args } = workerData as WorkerData;
  const post = (message: WorkerMessage) => port.postMessage(message);
  try {
    if (typeof module.run !== 'function') throw new Error('the task module exports no run(args, progress)');
    const value = await module.run(args, (fraction, message) => post({ type: 'progress', fraction, message }));
    post({ type: 'done', value });
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    post({ type: 'error', name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error), ...(typeof code === 'string' && { code }) });
  }
}
