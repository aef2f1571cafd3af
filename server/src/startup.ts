/**
 * Work to do after the app is built and before it listens, in order (e.g. building the demo forecast archive).
 * To add a task: append `{ name: 'demo archive', run: async (app) => { ... } }` to `startupTasks`.
 * A task that throws stops the server from starting; its name is in the message.
 */
import type { FastifyInstance } from 'fastify';
import { forecastStartupTask } from './forecast/demo-archive.ts';
import { removeStaleTemporaries } from './forecast/file-store.ts';

export interface StartupTask {
  name: string;
  run: (app: FastifyInstance) => Promise<void>;
}

/** Files a killed process left half-written (compressions, forecast files): removed before anything writes. */
export const temporariesStartupTask: StartupTask = {
  name: 'stale temporaries',
  run: async (app) => {
    const removed = removeStaleTemporaries(app.config.dataDir);
    if (removed.files) app.log.info(removed, 'stale temporary files removed');
  },
};

export const startupTasks: StartupTask[] = [temporariesStartupTask, forecastStartupTask];

export async function runStartupTasks(app: FastifyInstance, tasks: readonly StartupTask[] = startupTasks): Promise<void> {
  for (const task of tasks) {
    const started = performance.now();
    try {
      await task.run(app);
    } catch (error) {
      throw new Error(`startup task "${task.name}" failed: ${(error as Error).message}`, { cause: error });
    }
    app.log.info({ task: task.name, ms: Math.round(performance.now() - started) }, 'startup task done');
  }
}
