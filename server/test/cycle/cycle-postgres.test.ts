/**
 * The daily cycle on PostgreSQL with two API servers (which only enqueue) and a queue worker (which runs the
 * jobs): both servers look at the same moment, exactly one run starts per tick and per due retry, and the worker
 * runs it.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startQueueWorker } from '../../src/jobs/queue/start-worker.ts';
import { makeApp } from '../helpers.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { cycleApp } from './cycle-fixture.ts';

const TODAY = '2026-11-25';
const YESTERDAY = '2026-11-24';

describe('the daily cycle across two servers and a worker on PostgreSQL', () => {
  it('one run per tick and per due retry, whichever server looks first', async () => {
    const env = { CYCLE_BACKFILL_DAYS: '1', CYCLE_SCHEDULE: '30 6,12 * * *', CYCLE_REGIONS: 'sector' };
    const a = await cycleApp(env, { database: 'postgres' });
    const b = await makeApp({ dataDir: a.dataDir, databaseUrl: a.databaseUrl!, env: { ...env, ANALYSIS_SOURCE: `dir:${a.inbox}` } });
    let clock = new Date(0);
    for (const app of [a.app, b.app]) app.cycle.useClock(() => clock);
    const config = loadConfig({ DATA_DIR: a.dataDir, DATABASE_URL: a.databaseUrl!, LOG_LEVEL: 'silent', SUBSET_WARM: '0', ...env, ANALYSIS_SOURCE: `dir:${a.inbox}` });
    const worker = await startQueueWorker(config, a.app.log);
    onTestFinished(() => worker.close());
    a.deliver(YESTERDAY);

    // The 06:30 tick, seen by both servers at once.
    clock = new Date(`${TODAY}T06:30:00Z`);
    const tick = await Promise.all([a.app.cycle.runDue(), b.app.cycle.runDue()]);
    const started = tick.filter((job) => job !== null);
    expect(started).toHaveLength(1);
    const job = await waitForJob(a.app, a.admin.headers, started[0]!.id, 300_000);
    expect(job).toMatchObject({ status: 'succeeded', request: { dates: [YESTERDAY, TODAY], trigger: 'schedule' } });
    expect(job.message).toBe(`анализ и прогнозы за ${YESTERDAY} готовы; Ожидание данных за ${TODAY}: попытка 1, следующая в 06:45`);
    expect(await a.app.db.selectFrom('cycle_ticks').select(['tick_at', 'job_id']).execute()).toEqual([{ tick_at: `${TODAY}T06:30:00.000Z`, job_id: job.id }]);

    // Today's product arrives; the retry is due on both servers at once: one run.
    a.deliver(TODAY);
    clock = new Date(`${TODAY}T06:45:00Z`);
    const retry = (await Promise.all([b.app.cycle.runDue(), a.app.cycle.runDue()])).filter((job) => job !== null);
    expect(retry).toHaveLength(1);
    expect(await waitForJob(a.app, a.admin.headers, retry[0]!.id, 300_000)).toMatchObject({ status: 'succeeded', request: { dates: [TODAY], trigger: 'retry' } });

    // The 12:30 tick: everything is done, nobody starts anything.
    clock = new Date(`${TODAY}T12:30:00Z`);
    expect(await Promise.all([a.app.cycle.runDue(), b.app.cycle.runDue()])).toEqual([null, null]);
    const jobs = await a.app.db.selectFrom('jobs').select(['id', 'status']).where('kind', '=', 'daily_cycle').orderBy('id').execute();
    expect(jobs).toEqual([
      { id: job.id, status: 'succeeded' },
      { id: retry[0]!.id, status: 'succeeded' },
    ]);
    const status = await a.status();
    expect(status.dates.map((date: { status: string }) => date.status)).toEqual(['done', 'done']);
  }, 600_000);
});
