/**
 * A fresh, empty PostgreSQL database per test (or per file) inside the run's one server, dropped afterwards, so tests
 * never see each other's rows. `CREATE DATABASE` from template0 takes a few tens of milliseconds.
 */
import pg from 'pg';
import { inject } from 'vitest';

let counter = 0;

/** The URL of the run's server (started once by global-setup.ts). */
export function postgresServerUrl(): string {
  return inject('postgresUrl');
}

/** Create an empty database and return its URL and a function that drops it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = postgresServerUrl();
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
