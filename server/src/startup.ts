/**
 * Work to do after the app is built, in order (e.g. building the demo forecast archive). server.ts listens
 * first and runs them after; meanwhile `app.startup` reports which one runs (GET /api/v1/health) and the
 * other API routes answer 503 (plugins/startup-gate.ts).
 * To add a task: append `{ name: 'demo archive', run: async (app) => { ... } }` to `startupTasks`.
 * A task that throws stops the server from starting; its name is in the message. A task that fails because the
 * database went away is run again once it answers (tasks are safe to repeat: several servers run them together).
 */
import type { FastifyInstance } from 'fastify';
import { forecastStartupTask } from './cycle/demo-archive.ts';
import { removeStaleTemporaries } from './archive/file-store.ts';
import { cycleStartupTask } from './jobs/setup-cycle.ts';
import { scoringStartupTask } from './verification/scoring.ts';
import type { StartupTask } from './startup-task.ts';
import { untilDatabaseAnswers } from './database-wait.ts';

/** Files a killed process left half-written (compressions, forecast files): removed before anything writes. */
/** A temporary untouched this long (ms) on a shared DATA_DIR is an interrupted write's; a live one changes every second. */
export const SHARED_TEMPORARY_MIN_AGE_MS = 3600_000;

export const temporariesStartupTask: StartupTask = {
  name: 'stale temporaries',
  run: async (app) => {
    // With DATABASE_URL, DATA_DIR is shared: leave temporaries another process may be writing (younger than an hour).
    const removed = removeStaleTemporaries(app.config.dataDir, app.config.databaseUrl ? SHARED_TEMPORARY_MIN_AGE_MS : 0);
    if (removed.files) app.log.info(removed, 'stale temporary files removed');
  },
};

export const startupTasks: StartupTask[] = [temporariesStartupTask, forecastStartupTask, scoringStartupTask, cycleStartupTask];

export async function runStartupTasks(app: FastifyInstance, tasks: readonly StartupTask[] = startupTasks): Promise<void> {
  const state = app.startup;
  Object.assign(state, { status: 'starting', task: null, step: 0, steps: tasks.length, startedAt: Date.now() });
  for (const [index, task] of tasks.entries()) {
    Object.assign(state, { task: task.name, step: index + 1 });
    const started = performance.now();
    try {
      await untilDatabaseAnswers(`startup task "${task.name}"`, app.log, () => task.run(app));
    } catch (error) {
      throw new Error(`startup task "${task.name}" failed: ${(error as Error).message}`, { cause: error });
    }
    app.log.info({ task: task.name, ms: Math.round(performance.now() - started) }, 'startup task done');
  }
  Object.assign(state, { status: 'ok', task: null });
}
