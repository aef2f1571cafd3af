/**
 * `app.cycle`: this API server's scheduler of the daily cycle (built here, its timer started by the startup task
 * once the server is up, stopped on close), and the startup task itself: retention once, then the timer.
 */
import type { FastifyInstance } from 'fastify';
import { retire } from '../cycle/retention.ts';
import { CycleScheduler, cycleSettings } from './cycle-scheduler.ts';
import type { StartupTask } from '../startup-task.ts';
import { utcDay } from '../../../common/utc-day.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cycle: CycleScheduler;
  }
}

export function setupCycle(app: FastifyInstance): void {
  const scheduler = new CycleScheduler({ db: app.db, jobs: app.jobs, settings: cycleSettings(app.config), log: app.log });
  app.decorate('cycle', scheduler);
  app.addHook('preClose', async () => scheduler.stop());
}

/** After the demo build and its scores: retention once (RETAIN_DAYS > 0), then the schedule's timer. */
export const cycleStartupTask: StartupTask = {
  name: 'daily cycle',
  run: async (app: FastifyInstance): Promise<void> => {
    const { retainDays, dataDir } = app.config;
    if (retainDays > 0) {
      // After the demo build's records (the verification task started them): a date goes only once they exist.
      await app.scoring.request();
      await retire({ db: app.db, dataDir, log: app.log }, { retainDays, today: utcDay() });
      app.disk.changed();
    }
    const { schedule } = app.cycle.settings;
    app.cycle.start();
    const next = await app.cycle.nextRun();
    app.log.info({ schedule, next_run: next?.toISOString() ?? null, retain_days: retainDays }, 'daily cycle scheduled');
  },
};
