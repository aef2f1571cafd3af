/**
 * The database away: requests that need it answer 503 {"detail": "Database unavailable"} with Retry-After (not
 * 500), health says which database, the app's own files are still served, and everything works again once the
 * database is back. PostgreSQL: a server of this file's own, stopped and started with pg_ctl. SQLite: a write
 * lock held by another process longer than busy_timeout.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/database.ts';
import { addUser, login, makeApp } from '../helpers.ts';
import { startPostgres, type PostgresServer } from '../postgres/postgres-server.ts';

describe('the error handler and a database away', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection cut', new Error('Connection terminated unexpectedly')],
    ['SQLite busy', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
    ['a cause wrapped', new Error('while saving', { cause: Object.assign(new Error('x'), { code: '08006' }) })],
  ])('%s answers 503 with Retry-After, logged as a warning', async (_name, error) => {
    const { app, logs } = await makeApp();
    app.get('/api/v1/test-database-away', async () => {
      throw error;
    });
    const reply = await app.inject({ url: '/api/v1/test-database-away' });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.json()).toEqual({ detail: 'Database unavailable' });
    const logged = logs().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.find((line) => line.msg === 'database unavailable: answered 503')?.level).toBe(40);
  });

  it('any other error is still a 500', async () => {
    const { app } = await makeApp();
    app.get('/api/v1/test-bug', async () => {
      throw Object.assign(new Error('null is not an object'), { code: 'ERR_BUG' });
    });
    expect((await app.inject({ url: '/api/v1/test-bug' })).statusCode).toBe(500);
  });
});

describe('SQLite: a write lock held elsewhere longer than busy_timeout', () => {
  it('a write answers 503 once busy_timeout is over, health stays 200 (readers are not blocked), and the write works after', async () => {
    const { app, dataDir } = await makeApp();
    await app.ready();
    const other = new Database(join(dataDir, DATABASE_FILE));
    other.exec('BEGIN EXCLUSIVE');
    try {
      const payload = { email: 'late@example.org', username: 'late', password: 'a long enough passphrase 7' };
      const blocked = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual({ detail: 'Database unavailable' });
      expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      other.exec('ROLLBACK');
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload })).statusCode).toBe(201);
    } finally {
      other.close();
    }
  }, 30_000);
});

describe('PostgreSQL stopped and started again under a running app', () => {
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());

  it('health 503 naming the database and 503 at once for a session while it is down; the same session works after', async () => {
    const { app } = await makeApp({ databaseUrl: postgres.url, env: { JOB_RUNNER: 'in-process' } });
    await addUser(app, 'user', 'ice@example.org');
    const cookie = (await login(app, 'ice@example.org')).headers['set-cookie'];
    const cookies = (Array.isArray(cookie) ? cookie : [String(cookie)]).map((line) => line.split(';')[0]).join('; ');
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: cookies } })).statusCode).toBe(200);

    postgres.halt();
    try {
      const health = await app.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toEqual({ status: 'unavailable', detail: expect.stringMatching(/^Database unavailable \(PostgreSQL\): /) });
      const started = Date.now();
      const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie: cookies } });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual({ detail: 'Database unavailable' });
      expect(Date.now() - started).toBeLessThan(3000);
      // The operator's metrics still answer, and say the database is away.
      const metrics = await app.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toMatch(/^ice_database_up 0$/m);
      // The app's own files need no session: not a 503 (no build here, so the page is a 404).
      expect((await app.inject({ url: '/forecasts', headers: { cookie: cookies } })).statusCode).not.toBe(503);
    } finally {
      postgres.resume();
    }
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics' })).body).toMatch(/^ice_database_up 1$/m);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: cookies } })).json()).toMatchObject({ email: 'ice@example.org' });
  }, 60_000);
});
