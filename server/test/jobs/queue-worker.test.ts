/**
 * The durable queue in one process against the run's real PostgreSQL: PgJobQueue enqueues, QueueWorker runs,
 * the jobs table shows what a user would see. A dead worker is made the way one dies: a job fetched from pg-boss
 * (and its lease taken, or not) by a "worker" that then never says another word.
 */
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../common/api-types/jobs.ts';
import { openDatabase, type Db } from '../../src/db/database.ts';
import type { JobHandler } from '../../src/jobs/job-handler.ts';
import type { JobSpec } from '../../src/jobs/job-specs.ts';
import { jobStore, type JobStore } from '../../src/jobs/job-store.ts';
import { claimLease } from '../../src/jobs/queue/job-leases.ts';
import { PgJobQueue } from '../../src/jobs/queue/pg-job-queue.ts';
import { QueueWorker } from '../../src/jobs/queue/queue-worker.ts';
import { createBoss, DEFAULT_QUEUE_SETTINGS, QUEUE, type QueueSettings } from '../../src/jobs/queue/queue-settings.ts';
import { tempDir } from '../helpers.ts';
import { createTestDatabase } from '../postgres/databases.ts';

const log = Fastify({ logger: { level: 'silent' } }).log;
/** Short periods, so that a dead worker is noticed within a second or two. */
const settings: QueueSettings = { ...DEFAULT_QUEUE_SETTINGS, heartbeatSeconds: 0.2, staleSeconds: 1, stopGraceSeconds: 0.3, pollSeconds: 0.5 };

/** Test tasks, named in the spec's `date` field: how long to run, and how to end. */
const calls: string[] = [];
const resolve = (spec: JobSpec): JobHandler => {
  const name = (spec as { date: string }).date;
  return async ({ progress, signal }) => {
    calls.push(name);
    if (name === 'fails') throw new Error('нет анализа за эту дату');
    const steps = name === 'long' ? 40 : 4;
    for (let step = 1; step <= steps; step++) {
      await sleep(50, undefined, { signal });
      progress(step / steps, `шаг ${step} из ${steps}`);
    }
    return { result: { steps }, message: `готово: ${name}` };
  };
};
const spec = (name: string): JobSpec => ({ task: 'generate_forecast', date: name, modelIds: [] });

interface Setup {
  url: string;
  db: Db;
  store: JobStore;
  queue: PgJobQueue;
  worker(overrides?: Partial<QueueSettings>, succeeded?: (result: Record<string, unknown>) => void): Promise<QueueWorker>;
}

/**
 * pg-boss reports a pooled connection that ends as an 'error' event (unhandled, it would fail the run): the only
 * one expected here is the server terminating idle connections when a test's database is dropped (57P01).
 */
function expectOnlyTermination(error: Error & { code?: string }): void {
  if (error.code !== '57P01' && !/terminat/i.test(error.message)) throw error;
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  calls.length = 0;
});

async function setup(overrides: Partial<QueueSettings> = {}): Promise<Setup> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const dataDir = tempDir();
  // The jobs table in the same PostgreSQL, as a deployment has it.
  const db = await openDatabase({ dataDir, databaseUrl: database.url });
  cleanups.push(() => db.destroy());
  const store = jobStore(db);
  const queueSettings = { ...settings, ...overrides };
  const queue = await PgJobQueue.start(database.url, store, queueSettings, log);
  cleanups.push(() => queue.close());
  return {
    url: database.url,
    db,
    store,
    queue,
    async worker(more = {}, succeeded) {
      const boss = createBoss(database.url, 'worker');
      boss.on('error', expectOnlyTermination);
      await boss.start();
      const worker = new QueueWorker({ boss, store, env: { dataDir, databaseUrl: database.url, generator: () => { throw new Error('unused'); } }, log, settings: { ...queueSettings, ...more }, resolve, succeeded });
      await worker.start();
      cleanups.push(async () => {
        await worker.stop();
        await boss.stop({ graceful: false, wait: true });
      });
      return worker;
    },
  };
}

async function until(store: JobStore, id: number, done: (job: Job) => boolean, timeoutMs = 15_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await store.find(id))!;
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id}: ${JSON.stringify(job)}`);
    await sleep(50);
  }
}
const finished = (job: Job) => job.status === 'succeeded' || job.status === 'failed';

/** A worker that fetched a job (and took its lease when `claim`), then died: it never speaks again. */
async function dieWithJob(url: string, claim: boolean): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, schedule: false });
  boss.on('error', expectOnlyTermination);
  await boss.start();
  const [job] = await boss.fetch<{ jobId: number }>(QUEUE, { batchSize: 1, includeMetadata: true });
  expect(job).toBeDefined();
  if (claim) expect(await claimLease(boss.getDb(), job.data.jobId, `dead:${randomUUID()}`, job.retryCount + 1, 1)).not.toBeNull();
  await boss.stop({ graceful: false, wait: true });
}

describe('the durable job queue', () => {
  it('runs a submitted job in a worker, recording its progress and result in the jobs table', async () => {
    const { queue, store, worker } = await setup();
    const job = await queue.submit('generate_forecast', { date: 'quick' }, null, spec('quick'));
    expect(job.status).toBe('queued');
    await worker();
    const running = await until(store, job.id, (j) => j.status === 'running' && j.progress > 0);
    expect(running.message).toMatch(/^шаг \d из 4$/);
    const done = await until(store, job.id, finished);
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, result: { steps: 4 }, message: 'готово: quick' });
  });

  it('tells of each succeeded job’s result (the worker process warms the files it wrote), not of a failed one', async () => {
    const { queue, store, worker } = await setup();
    const told: Array<Record<string, unknown>> = [];
    await worker({}, (result) => told.push(result));
    const done = await queue.submit('generate_forecast', {}, null, spec('quick'));
    const failed = await queue.submit('generate_forecast', {}, null, spec('fails'));
    expect(await until(store, done.id, finished)).toMatchObject({ status: 'succeeded' });
    expect(await until(store, failed.id, finished)).toMatchObject({ status: 'failed' });
    expect(told).toEqual([{ steps: 4 }]);
  });

  it('fails a job whose task fails with its reason, once: a retry would meet the same reason', async () => {
    const { queue, store, worker } = await setup();
    await worker();
    const job = await queue.submit('generate_forecast', {}, null, spec('fails'));
    const done = await until(store, job.id, finished);
    expect(done).toMatchObject({ status: 'failed', message: 'нет анализа за эту дату' });
    await sleep(1500);
    expect(calls).toEqual(['fails']);
  });

  it('refuses a handler function: only plain specs can travel to another process', async () => {
    const { queue } = await setup();
    await expect(queue.submit('generate_forecast', {}, null, async () => ({ result: {} }))).rejects.toThrow(/specs only/);
  });

  it('hands the job of a worker that died mid-job back to the queue, and another worker completes it', async () => {
    const { url, queue, store, worker } = await setup();
    const job = await queue.submit('generate_forecast', {}, null, spec('quick'));
    await dieWithJob(url, true);
    await worker();
    const done = await until(store, job.id, finished);
    expect(done).toMatchObject({ status: 'succeeded', result: { steps: 4 } });
    expect(calls).toEqual(['quick']);
  });

  it('recovers a job fetched by a worker that died before it could take the lease', async () => {
    const { url, queue, store, worker } = await setup();
    const job = await queue.submit('generate_forecast', {}, null, spec('quick'));
    await dieWithJob(url, false);
    await worker();
    expect((await until(store, job.id, finished)).status).toBe('succeeded');
  });

  it('fails the job with a Russian reason when its worker dies on the last attempt', async () => {
    const { url, queue, store, worker } = await setup({ attempts: 1 });
    const job = await queue.submit('generate_forecast', {}, null, spec('quick'));
    await dieWithJob(url, true);
    await worker();
    const done = await until(store, job.id, finished);
    expect(done).toMatchObject({
      status: 'failed',
      message: 'обработчик задания остановился во время выполнения, попытки исчерпаны (1 из 1); задание не выполнено',
    });
    await sleep(1500);
    expect(calls).toEqual([]);
  });

  it('SIGTERM: a job that does not finish within the grace goes back to the queue, and the next worker runs it', async () => {
    const { queue, store, worker } = await setup();
    const first = await worker();
    const job = await queue.submit('generate_forecast', {}, null, spec('long'));
    await until(store, job.id, (j) => j.status === 'running' && j.progress > 0);
    await first.stop();
    const handedBack = (await store.find(job.id))!;
    expect(handedBack.status).toBe('queued');
    expect(handedBack.message).toBe('обработчик задания остановлен (SIGTERM); задание возвращено в очередь и будет выполнено другим обработчиком');
    await worker();
    expect(await until(store, job.id, finished)).toMatchObject({ status: 'succeeded', result: { steps: 40 } });
    expect(calls).toEqual(['long', 'long']);
  });
});
