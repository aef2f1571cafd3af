import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './databases.ts';

describe('the test PostgreSQL server', () => {
  it('is a PostgreSQL 15 or newer that gives each test an empty database of its own', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      const clientA = new pg.Client({ connectionString: a.url });
      await clientA.connect();
      await clientA.query('CREATE TABLE marks (id integer)');
      const version = await clientA.query<{ server_version_num: string }>('SHOW server_version_num');
      await clientA.end();
      expect(Number(version.rows[0].server_version_num)).toBeGreaterThanOrEqual(150000);

      const clientB = new pg.Client({ connectionString: b.url });
      await clientB.connect();
      const tables = await clientB.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'marks'");
      await clientB.end();
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await a.drop();
      await b.drop();
    }
  });
});
