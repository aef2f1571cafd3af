import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInThread } from '../../src/threads/run-in-thread.ts';
import { ENGINES, testTarget } from '../engines.ts';
import { call, startTestApp, waitForJob, type TestApp } from './test-app.ts';

const spin = new URL('./fixtures/spin-task.ts', import.meta.url);
let running: TestApp[] = [];

afterEach(async () => {
  for (const test of running) await test.close();
  running = [];
});

/** The database of the current test: SQLite in the app's DATA_DIR, or a fresh PostgreSQL database. */
let env: Record<string, string> = {};

async function start(dataDir?: string) {
  const test = await startTestApp(env, dataDir);
  running.push(test);
  return test;
}

describe.each(ENGINES)('jobs (%s)', (name) => {
  beforeEach(async () => {
    const target = await testTarget(name);
    // The in-process runner on both engines (with DATABASE_URL alone, jobs would go to the durable queue: queue-worker.test.ts).
    env = target.databaseUrl ? { DATABASE_URL: target.databaseUrl, JOB_RUNNER: 'in-process' } : {};
  });

  describe('GET /api/v1/jobs', () => {
    it('needs a signed-in user', async () => {
      const { app } = await start();
      expect((await call(app, { method: 'GET', url: '/api/v1/jobs' })).status).toBe(401);
      expect((await call(app, { method: 'GET', url: '/api/v1/jobs/1' })).status).toBe(401);
    });

    it('follows a job from queued to succeeded with progress, and lists jobs newest first', async () => {
      const { app, signIn } = await start();
      const headers = await signIn('admin');
      const first = await app.jobs.submit('generate_forecast', { date: '2026-01-01' }, 1, async ({ progress, signal }) => {
        const value = await runInThread<{ steps: number }>(spin, { steps: 3, sliceMs: 50 }, { signal, onProgress: progress });
        return { result: { steps: value.steps }, message: 'spun' };
      });
      const second = await app.jobs.submit('generate_model', { experiment_name: 'x' }, 1, async () => ({ result: {} }));
      expect(first.status).toBe('queued');

      const done = await waitForJob(app, headers, first.id);
      expect(done).toMatchObject({
        id: first.id,
        kind: 'generate_forecast',
        status: 'succeeded',
        progress: 1,
        message: 'spun',
        result: { steps: 3 },
        request: { date: '2026-01-01' },
        user_id: 1,
      });
      const started = Date.parse(done.started_at);
      const finished = Date.parse(done.finished_at);
      expect(Number.isFinite(started)).toBe(true);
      expect(finished).toBeGreaterThanOrEqual(started);
      await waitForJob(app, headers, second.id);

      const list = await call(app, { method: 'GET', url: '/api/v1/jobs', headers });
      expect(list.status).toBe(200);
      expect(list.body.map((job: { id: number }) => job.id)).toEqual([second.id, first.id]);
    });

    it('records why a job failed', async () => {
      const { app, signIn } = await start();
      const headers = await signIn('admin');
      const job = await app.jobs.submit('generate_forecast', {}, null, async ({ signal }) => {
        await runInThread(spin, { steps: 1, sliceMs: 1, fail: 'analysis missing for 2026-01-01' }, { signal });
        return { result: {} };
      });
      const done = await waitForJob(app, headers, job.id);
      expect(done.status).toBe('failed');
      expect(done.message).toBe('analysis missing for 2026-01-01');
      expect(done.result).toBeNull();
    });

    it('answers 404 for an unknown job and 422 for a malformed id', async () => {
      const { app, signIn } = await start();
      const headers = await signIn('user');
      const missing = await call(app, { method: 'GET', url: '/api/v1/jobs/999', headers });
      expect(missing).toEqual({ status: 404, body: { detail: 'Job not found' } });
      const malformed = await call(app, { method: 'GET', url: '/api/v1/jobs/abc', headers });
      expect(malformed.status).toBe(422);
      expect(malformed.body.detail).toMatch(/id/);
    });
  });

  describe('a job interrupted mid-run', () => {
    it('is marked failed with the reason when the server restarts, never left running', async () => {
      const first = await start();
      const headers = await first.signIn('admin');
      const job = await first.app.jobs.submit('force_fetch_data', {}, 2, async ({ signal, progress }) => {
        await runInThread(spin, { steps: 200, sliceMs: 50 }, { signal, onProgress: progress });
        return { result: {} };
      });
      // Wait until it is really running in its worker.
      for (let i = 0; ; i++) {
        const { body } = await call(first.app, { method: 'GET', url: `/api/v1/jobs/${job.id}`, headers });
        if (body.status === 'running' && body.progress > 0) break;
        if (i > 400) throw new Error('the job never started');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // A crash leaves the row 'running'; the next process on the same data folder must not believe it.
      const second = await startTestApp(env, first.dataDir);
      try {
        const seen = await call(second.app, {
          method: 'GET',
          url: `/api/v1/jobs/${job.id}`,
          headers: await second.signIn('admin'),
        });
        expect(seen.body.status).toBe('failed');
        expect(seen.body.message).toBe('interrupted: the server restarted before the job finished');
        expect(Number.isFinite(Date.parse(seen.body.finished_at))).toBe(true);
      } finally {
        await second.app.close();
      }
    });

    it('is marked failed when the server shuts down', async () => {
      const test = await start();
      const job = await test.app.jobs.submit('force_fetch_data', {}, 2, async ({ signal, progress }) => {
        await runInThread(spin, { steps: 200, sliceMs: 50 }, { signal, onProgress: progress });
        return { result: {} };
      });
      const queued = await test.app.jobs.submit('generate_model', {}, 2, async () => ({ result: {} }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await test.app.close();
      running = [];
      const reopened = await startTestApp(env, test.dataDir);
      running.push(reopened);
      const headers = await reopened.signIn('admin');
      for (const id of [job.id, queued.id]) {
        const { body } = await call(reopened.app, { method: 'GET', url: `/api/v1/jobs/${id}`, headers });
        expect(body.status).toBe('failed');
        expect(body.message).toBe('interrupted: the server shut down before the job finished');
      }
    });
  });
});
