/**
 * The deployment that grows, as real processes on loopback: one PostgreSQL (the run's, a database of our own),
 * two API servers A and B (`tsx server/src/server.ts`, same DATABASE_URL, DATA_DIR and SECRET) and a job worker
 * (`tsx server/src/job-worker.ts`). Started once for the file; the tests run in order and share them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../postgres/databases.ts';
import { startApiServer, startWorker, type ApiServer, type Proc } from './processes.ts';
import { SessionClient, waitForJob } from './session-client.ts';

let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let a: ApiServer;
let b: ApiServer;
const workers: Proc[] = [];
let env: Record<string, string>;

/** The documented sign-in limit: 5 free failures per account, then one turn after 1, 2, 4 … s. */
const FREE_FAILURES = 5;
function turnsWithin(ms: number): number {
  let turns = 0;
  for (let waited = 1000; waited <= ms; waited += 2 ** turns * 1000) turns++;
  return turns;
}

const ADMIN = 'admin@demo.local';
const USER = 'test@demo.local';
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'ice-multi-'));
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    // The same signing key everywhere, or a cookie signed by A would be refused by B.
    SECRET: 'multi-server-test-secret-0123456789',
    DEMO: '1',
    DEMO_DAYS: '1',
    // The upload is the daily cycle's run: today only here (the backfill of three more days is the cycle tests').
    CYCLE_BACKFILL_DAYS: '0',
    LOG_LEVEL: 'info',
    DIST_DIR: join(dataDir, 'no-dist'),
    // Short enough for a test: a killed worker's job is noticed within a few seconds.
    WORKER_HEARTBEAT: '1',
    WORKER_STALE_AFTER: '3',
    WORKER_STOP_GRACE: '1',
    // As behind the reverse proxy: the sign-in limit test speaks for many client addresses through X-Forwarded-For.
    TRUST_PROXY: '1',
  };
  // Both at once: one builds the first-start demo archive, the other waits for it.
  [a, b] = await Promise.all([startApiServer('api-A', env, 480_000), startApiServer('api-B', env, 480_000)]);
  workers.push(await startWorker('worker-1', env));
  // A hang guard: two servers building the demo archive and a worker took longer than 240 s at load 30.
}, 600_000);

afterAll(async () => {
  await Promise.all([...workers, a, b].filter(Boolean).map((proc) => proc.stop(10_000)));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two API servers and a worker on one PostgreSQL', () => {
  it('a session opened on A works on B, and signing out on B ends it on A', async () => {
    const browser = new SessionClient();
    await browser.signIn(a.url, USER);
    const onB = await browser.get(b.url, '/api/v1/users/me');
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe(USER);

    const cookies = browser.snapshot();
    expect((await browser.post(b.url, '/api/v1/auth/jwt/logout')).status).toBe(204);
    // The old cookie, replayed on A (as a copy kept elsewhere would be): the session is gone everywhere.
    browser.restore(cookies);
    expect((await browser.get(a.url, '/api/v1/users/me')).status).toBe(401);
  });

  it("runs an admin's forecast job submitted on A in the worker, with its progress and files served by B", async () => {
    const admin = new SessionClient();
    await admin.signIn(a.url, ADMIN);
    const started = await admin.post(a.url, '/api/v1/forecast/generate', { date: today, model_ids: ['model_1'] });
    expect(started.status).toBe(202);
    const id = started.body.job_id as number;

    const job = await waitForJob(admin, b.url, id);
    expect(job).toMatchObject({ id, kind: 'generate_forecast', status: 'succeeded', progress: 1, username: 'admin' });
    expect(job.result.files.model_1).toHaveLength(2);
    // It ran in the worker process, not in either API server (the start is logged before the job runs; its
    // "job succeeded" line may still be on its way through the pipe when the row already says so).
    expect(workers[0].output()).toMatch(new RegExp(`"job":${id},.*"job started"`));
    expect(a.output() + b.output()).not.toMatch(new RegExp(`"job":${id},.*"job started"`));

    const file = await admin.get(b.url, `/api/v1/forecast/hist?date=${today}&model_id=model_1`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/x-netcdf');
    // NetCDF-3 or NetCDF-4 (HDF5) magic.
    expect(['CDF', '\x89HD']).toContain((file.body as Buffer).subarray(0, 3).toString('latin1'));
  }, 180_000); // a hang guard: the job builds two files in the worker process, 60 s ran out at load 20

  it('a worker killed with SIGKILL mid-job leaves the job to the next worker, which completes it', async () => {
    const admin = new SessionClient();
    await admin.signIn(b.url, ADMIN);
    const started = await admin.post(a.url, '/api/v1/forecast/generate', { date: yesterday, model_ids: ['model_2'] });
    expect(started.status).toBe(202);
    const id = started.body.job_id as number;
    await waitForJob(admin, a.url, id, (job) => job.status === 'running' && job.progress > 0);

    expect(await workers[0].kill9()).toBe('SIGKILL');
    // Nobody runs it now; it is not lost: within the stale limit a sweeper hands it back (the new worker's).
    workers.push(await startWorker('worker-2', env));
    const job = await waitForJob(admin, b.url, id, undefined, 90_000);
    expect(job.status).toBe('succeeded');
    expect(workers[1].output()).toMatch(new RegExp(`"job":${id},.*"attempt":2`));
    const file = await admin.get(a.url, `/api/v1/forecast/hist?date=${yesterday}&model_id=model_2`);
    expect(file.status).toBe(200);
  }, 120_000);

  it('SIGTERM hands the running job back to the queue, and the next worker runs it', async () => {
    const admin = new SessionClient();
    await admin.signIn(a.url, ADMIN);
    // Four model runs (seconds), so that the job is still running when the 1 s grace is over.
    const started = await admin.post(b.url, '/api/v1/forecast/generate', { date: yesterday, model_ids: ['model_1', 'model_3'] });
    const id = started.body.job_id as number;
    await waitForJob(admin, a.url, id, (job) => job.status === 'running');

    expect(await workers[1].stop()).toBe(0);
    const handedBack = await waitForJob(admin, a.url, id, (job) => job.status !== 'running', 10_000);
    expect(handedBack.status).toBe('queued');
    expect(handedBack.message).toContain('возвращено в очередь');

    workers.push(await startWorker('worker-3', env));
    expect((await waitForJob(admin, b.url, id)).status).toBe('succeeded');
  }, 90_000);

  it("share the sign-in limits: guesses from many addresses through A and B, the owner's known browser gets in on B", async () => {
    // An account of its own: the demo accounts must stay usable by the other tests.
    const email = 'owner-under-attack@example.com';
    const password = 'a long passphrase of the owner';
    const registered = await fetch(`${a.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, username: 'owner-under-attack', password }),
    });
    expect(registered.status).toBe(201);
    const owner = new SessionClient();
    await owner.signIn(a.url, email, password);
    expect((await owner.post(a.url, '/api/v1/auth/jwt/logout')).status).toBe(204);
    expect(owner.snapshot().has('device')).toBe(true);

    const guess = (server: string, address: string, n: number) =>
      fetch(`${server}/api/v1/auth/jwt/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: new URLSearchParams({ username: email, password: `guess-${n}` }),
      }).then((reply) => reply.status);
    const servers = [a.url, b.url];
    // 30 addresses, one guess each, all at once, half through each server.
    const sent = Date.now();
    const few = await Promise.all(Array.from({ length: 30 }, (_, k) => guess(servers[k % 2], `10.66.0.${k + 1}`, k)));
    // The free failures, and one guess per turn that came round while the burst arrived (seconds, on a busy machine).
    const slowed = turnsWithin(Date.now() - sent);
    expect(few.filter((status) => status === 400).length).toBeLessThanOrEqual(FREE_FAILURES + slowed);
    expect(few.filter((status) => status === 429).length + slowed).toBeGreaterThanOrEqual(25);
    // 1 000 guesses from 50 addresses, a round of 50 at once; the owner comes back through B in the middle.
    let checked = few.filter((status) => status === 400).length;
    for (let round = 0; round < 20; round++) {
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, k) => guess(servers[k % 2], `10.66.1.${k + 1}`, 100 + round * 50 + k)));
      expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
      checked += statuses.filter((status) => status === 400).length;
      if (round === 10) await owner.signIn(b.url, email, password);
    }
    expect(checked).toBeLessThanOrEqual(60);
    expect((await owner.get(a.url, '/api/v1/users/me')).body.email).toBe(email);
  }, 120_000);

  it('two data uploads at once through A and B: one starts (202), the other is refused (409)', async () => {
    const admin = new SessionClient();
    await admin.signIn(a.url, ADMIN);
    const replies = await Promise.all([admin.post(a.url, '/api/v1/force_fetch_data'), admin.post(b.url, '/api/v1/force_fetch_data')]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([202, 409]);
    const accepted = replies.find((reply) => reply.status === 202)!;
    expect(accepted.body.message).toBe('Начало загрузки данных');
    const refused = replies.find((reply) => reply.status === 409)!;
    expect(refused.body.detail).toContain(`№${accepted.body.job_id}`);
    expect((await waitForJob(admin, b.url, accepted.body.job_id, undefined, 90_000)).status).toBe('succeeded');
  }, 120_000);
});
