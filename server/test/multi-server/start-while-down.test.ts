/**
 * A process started while PostgreSQL is down (a fleet restarted before its database, a database host still
 * booting): an API server and a worker are spawned against a stopped PostgreSQL of this file's own
 * (`pg_ctl stop`). Neither exits: each logs once that it waits; the server listens meanwhile and answers health
 * 503 naming the database, and any other request 503 `{"detail": "Database unavailable"}` with Retry-After. Once
 * the database is started again (`pg_ctl start`), the server becomes healthy and the worker takes jobs, without a
 * restart, and both still stop cleanly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../postgres/postgres-server.ts';
import { launchApiServer, launchWorker, waitUntilHealthy, waitUntilTakingJobs, type ApiServer, type Proc } from './processes.ts';

/** How long the processes are left waiting before the database starts (ms): several back-off rounds. */
const DOWN_FOR_MS = 12_000;
/** How long a spawned server may take to listen on this loaded machine (tsx compiles on the fly), ms. */
const LISTEN_WITHIN_MS = 90_000;

let postgres: PostgresServer;
let dataDir: string;
let server: ApiServer | undefined;
let worker: Proc | undefined;

beforeAll(async () => {
  postgres = await startPostgres();
  postgres.halt();
  dataDir = mkdtempSync(join(tmpdir(), 'ice-pg-down-'));
}, 120_000);

afterAll(async () => {
  await Promise.all([server, worker].filter((proc) => proc !== undefined).map((proc) => proc.stop(10_000)));
  postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function alive(proc: Proc): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

/** Poll health until it answers at all (the stand-in listening), failing if the process exits first. */
async function firstHealthReply(proc: ApiServer): Promise<Response> {
  const deadline = Date.now() + LISTEN_WITHIN_MS;
  for (;;) {
    expect(alive(proc), `${proc.name} exited:\n${proc.output()}`).toBe(true);
    const reply = await fetch(`${proc.url}/api/v1/health`).catch(() => null);
    if (reply) return reply;
    expect(Date.now(), `${proc.name} never listened:\n${proc.output()}`).toBeLessThan(deadline);
    await sleep(250);
  }
}

const waitLines = (proc: Proc, what: string) => proc.output().split('\n').filter((line) => line.includes(`database unavailable: ${what} waits for it`));

describe('an API server and a worker started while PostgreSQL is down', () => {
  it('wait (logging once, answering 503 naming the database) and come up once it is started, with no restart', async () => {
    const env = {
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      SECRET: 'start-while-down-test-secret-0123456789',
      DEMO: '0',
      LOG_LEVEL: 'info',
      DIST_DIR: join(dataDir, 'no-dist'),
    };
    server = await launchApiServer('api', env);
    worker = launchWorker('worker', env);

    const health = await firstHealthReply(server);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await health.json()).toEqual({ status: 'unavailable', detail: expect.stringMatching(/^Database unavailable \(PostgreSQL\): ECONNREFUSED/) });
    const me = await fetch(`${server.url}/api/v1/users/me`);
    expect(me.status).toBe(503);
    expect(await me.json()).toEqual({ detail: 'Database unavailable' });

    const since = Date.now();
    while (Date.now() - since < DOWN_FOR_MS) {
      for (const proc of [server, worker]) expect(alive(proc), `${proc.name} exited:\n${proc.output()}`).toBe(true);
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(503);
      await sleep(1000);
    }
    // Said once each, though they tried several times meanwhile.
    expect(waitLines(server, 'the server')).toHaveLength(1);
    expect(waitLines(worker, 'the worker')).toHaveLength(1);
    expect(worker.output()).not.toContain('worker started');

    postgres.resume();
    const backAt = Date.now();
    await Promise.all([waitUntilHealthy(server, 60_000), waitUntilTakingJobs(worker, 60_000)]);
    const upAfterMs = Date.now() - backAt;
    console.log(`started while PostgreSQL was down: healthy and taking jobs ${upAfterMs} ms after it was back`);
    expect(server.output()).toContain('database answers: the server starts');
    expect(worker.output()).toContain('database answers: the worker starts');
    // The real app now answers: a request without a session is refused for that reason, not for the database.
    expect((await fetch(`${server.url}/api/v1/users/me`)).status).toBe(401);

    // Still the same processes, and they stop cleanly.
    for (const proc of [server, worker]) expect(alive(proc), proc.name).toBe(true);
    expect(await server.stop(20_000)).toBe(0);
    expect(await worker.stop(20_000)).toBe(0);
  }, 300_000);
});
