/**
 * `ice_database_up` as PostgreSQL goes away and comes back (a server of this file's own, `pg_ctl stop` / `start`):
 * /metrics still answers while the database is down, with 0, and 1 again once it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../postgres/postgres-server.ts';
import { makeApp } from '../helpers.ts';
import { sample, scrape } from './scrape.ts';

let postgres: PostgresServer;

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(() => postgres?.stop(), 60_000);

describe('ice_database_up', () => {
  it('is 1 while PostgreSQL answers, 0 (the page still served) while it is stopped, 1 once it is back', async () => {
    const { app } = await makeApp({ databaseUrl: postgres.url, env: { JOB_RUNNER: 'in-process' } });
    expect(sample(await scrape(app), 'ice_database_up')).toBe(1);
    postgres.halt();
    try {
      const down = await scrape(app);
      expect(sample(down, 'ice_database_up')).toBe(0);
      // The series of this process are still there for the operator.
      expect(down).toContain('# TYPE http_requests_total counter');
    } finally {
      postgres.resume();
    }
    expect(sample(await scrape(app), 'ice_database_up')).toBe(1);
  }, 120_000);
});
