/**
 * Runs inside a worker thread: imports the task module named by the parent, calls its `run(args, progress)`,
 * and posts progress, the result, or the error back. See run-in-thread.ts for the protocol.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage, WorkerTaskModule, WorkerData } from './thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('thread-entry.ts must run in a worker thread');

const { task, args } = workerData as WorkerData;
const post = (message: WorkerMessage) => port.postMessage(message);

try {
  const module = (await import(task)) as WorkerTaskModule;
  if (typeof module.run !== 'function') throw new Error(`${task} exports no run(args, progress)`);
  const value = await module.run(args, (fraction, message) => post({ type: 'progress', fraction, message }));
  post({ type: 'done', value });
} catch (error) {
  const code = (error as { code?: unknown })?.code;
  post({ type: 'error', name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error), ...(typeof code === 'string' && { code }) });
}
