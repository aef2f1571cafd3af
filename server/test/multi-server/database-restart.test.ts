/**
 * The database that goes away and comes back: two API servers and a worker on a PostgreSQL server of this file's
 * own (the run's shared one must not stop under other tests), which the test stops with `pg_ctl stop -m fast`
 * for about 20 s while a forecast job runs and a forecast file is being downloaded, then starts again.
 * While it is down: health and database-backed requests answer 503 `{detail}` at once; the download already
 * authorised goes on to its last byte. Once it is back: health 200 within 10 s, the same sessions work, the job
 * succeeds; no process exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../postgres/postgres-server.ts';
import { startApiServer, startWorker, type ApiServer, type Proc } from './processes.ts';
import { SessionClient, waitForJob } from './session-client.ts';

/** How long the database stays down (ms), and the bound on health after it is back (ms). */
const OUTAGE_MS = 20_000;
const HEALTHY_AFTER_RETURN_MS = 10_000;
/** What "at once" means for a reply while the database is down, on a loaded two-core machine (ms). */
const FAST_REPLY_MS = 3_000;

let postgres: PostgresServer;
let dataDir: string;
let a: ApiServer;
let b: ApiServer;
let worker: Proc;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  postgres = await startPostgres();
  dataDir = mkdtempSync(join(tmpdir(), 'ice-pg-restart-'));
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SECRET: 'database-restart-test-secret-0123456789',
    DEMO: '1',
    DEMO_DAYS: '1',
    CYCLE_BACKFILL_DAYS: '0',
    LOG_LEVEL: 'info',
    DIST_DIR: join(dataDir, 'no-dist'),
  };
  [a, b] = await Promise.all([startApiServer('api-A', env, 300_000), startApiServer('api-B', env, 300_000)]);
  worker = await startWorker('worker', env);
}, 420_000);

afterAll(async () => {
  await Promise.all([a, b, worker].filter(Boolean).map((proc) => proc.stop(10_000)));
  postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function timed(url: string, init?: RequestInit): Promise<{ status: number; body: { detail?: string; status?: string }; ms: number }> {
  const started = Date.now();
  const reply = await fetch(url, init);
  const body = (await reply.json()) as { detail?: string; status?: string };
  return { status: reply.status, body, ms: Date.now() - started };
}

function cookieHeader(client: SessionClient): Record<string, string> {
  return { cookie: [...client.snapshot()].map(([name, value]) => `${name}=${value}`).join('; ') };
}

describe('PostgreSQL stopped for 20 s during a forecast job, then started again', () => {
  it('503s only while it is down, the download and the job complete, sessions survive, nobody exits', async () => {
    const admin = new SessionClient();
    await admin.signIn(a.url, 'admin@demo.local');
    const user = new SessionClient();
    await user.signIn(b.url, 'test@demo.local');

    // A download authorised before the outage, read slowly: its first bytes now, the rest during the outage.
    const download = await fetch(`${b.url}/api/v1/forecast/hist?date=${today}&model_id=model_2`, {
      headers: { ...cookieHeader(user), 'accept-encoding': 'identity' },
    });
    expect(download.status).toBe(200);
    const length = Number(download.headers.get('content-length'));
    const reader = download.body!.getReader();
    let received = (await reader.read()).value?.length ?? 0;

    const started = await admin.post(a.url, '/api/v1/forecast/generate', { date: yesterday, model_ids: ['model_1', 'model_3'] });
    expect(started.status).toBe(202);
    const jobId = started.body.job_id as number;
    await waitForJob(admin, a.url, jobId, (job) => job.status === 'running');

    postgres.halt();
    const downAt = Date.now();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += chunk.value.length;
    }
    expect(received).toBe(length);

    const whileDown: string[] = [];
    while (Date.now() - downAt < OUTAGE_MS) {
      for (const server of [a, b]) {
        const health = await timed(`${server.url}/api/v1/health`);
        expect(health.status, server.name).toBe(503);
        expect(health.body.detail).toMatch(/database/i);
        expect(health.ms).toBeLessThan(FAST_REPLY_MS);
        const me = await timed(`${server.url}/api/v1/users/me`, { headers: cookieHeader(user) });
        expect(me.status, server.name).toBe(503);
        expect(me.body.detail).toMatch(/database/i);
        expect(me.ms).toBeLessThan(FAST_REPLY_MS);
        whileDown.push(`${health.status}/${me.status}`);
      }
      await sleep(1000);
    }
    expect(whileDown.length).toBeGreaterThan(10);

    postgres.resume();
    const backAt = Date.now();
    for (const server of [a, b]) {
      for (;;) {
        const health = await fetch(`${server.url}/api/v1/health`).catch(() => null);
        if (health?.status === 200) break;
        expect(Date.now() - backAt, `${server.name} healthy again`).toBeLessThanOrEqual(HEALTHY_AFTER_RETURN_MS);
        await sleep(200);
      }
    }
    expect(Date.now() - backAt).toBeLessThanOrEqual(HEALTHY_AFTER_RETURN_MS);

    // The sessions opened before the outage still work, on both servers.
    for (const server of [a, b]) expect((await user.get(server.url, '/api/v1/users/me')).status).toBe(200);
    const job = await waitForJob(admin, b.url, jobId, undefined, 180_000);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    for (const model of ['model_1', 'model_3']) {
      expect((await admin.get(a.url, `/api/v1/assim_forecast/hist?date=${yesterday}&model_id=${model}`)).status).toBe(200);
    }
    // Retried at most once: the worker's log shows no third attempt of it.
    expect(worker.output()).not.toMatch(new RegExp(`"job":${jobId},[^\\n]*"attempt":3`));
    for (const proc of [a, b, worker]) expect(proc.child.exitCode, `${proc.name}:\n${proc.output().slice(-3000)}`).toBeNull();
  }, 360_000);
});
