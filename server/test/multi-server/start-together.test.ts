/**
 * Start-up that any number of processes may run at once: API servers started in the same tick on an empty
 * PostgreSQL database (one of their own per round) all come up, and the database holds each seed row once.
 * DEMO=0 keeps a round short (no demo archive: the built-in models and the default model are still seeded on
 * every start); the fleet drill (fleet.test.ts) covers the demo build with workers. No SECRET is given: the
 * servers agree on the signing key they generate into the shared DATA_DIR, so a session opened on one is valid
 * on the others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../src/db/postgres-migrations.ts';
import { createTestDatabase } from '../postgres/databases.ts';
import { startApiServer, type ApiServer } from './processes.ts';
import { SessionClient } from './session-client.ts';

/** Servers per round, and rounds: the race is a matter of timing, so one round proves little. */
const SERVERS = 3;
const ROUNDS = 3;

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

async function countRows(url: string, query: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(query);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function startRound(round: number): Promise<{ url: string; servers: PromiseSettledResult<ApiServer>[] }> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'ice-start-'));
  cleanups.push(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    DIST_DIR: join(dataDir, 'no-dist'),
  };
  // All spawned in the same tick: they reach the empty database within milliseconds of each other.
  const servers = await Promise.allSettled(Array.from({ length: SERVERS }, (_, k) => startApiServer(`api-${round}-${k}`, env, 120_000)));
  for (const result of servers) if (result.status === 'fulfilled') cleanups.push(async () => void (await result.value.stop(10_000)));
  return { url: database.url, servers };
}

/** Register on the first server, sign in on the second, and be known on every one. */
async function expectOneSessionEverywhere(urls: string[], round: number): Promise<void> {
  const browser = new SessionClient();
  const email = `round${round}@example.org`;
  const password = 'a long enough passphrase 7';
  expect((await browser.post(urls[0], '/api/v1/auth/register', { email, username: `round${round}`, password })).status).toBe(201);
  await browser.signIn(urls[1 % urls.length], email, password);
  for (const url of urls) expect((await browser.get(url, '/api/v1/users/me')).body.email).toBe(email);
}

describe('API servers started together on an empty PostgreSQL', () => {
  it(`${SERVERS} servers, ${ROUNDS} rounds: every server comes up and each seed row is there once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { url, servers } = await startRound(round);
      const failures = servers.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      expect(failures, `round ${round}`).toEqual([]);
      expect(await countRows(url, 'SELECT count(*) AS n FROM schema_migrations')).toBe(postgresMigrations.length);
      expect(await countRows(url, "SELECT count(*) AS n FROM models WHERE model_id IN ('model_1', 'model_2', 'model_3')")).toBe(3);
      expect(await countRows(url, "SELECT count(*) AS n FROM models WHERE is_default = 1 AND model_id = 'model_2'")).toBe(1);
      await expectOneSessionEverywhere(servers.map((result) => (result as PromiseFulfilledResult<ApiServer>).value.url), round);
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    }
  }, 600_000);
});
