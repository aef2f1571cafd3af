/**
 * Named locks for work that one process at a time should do, even with several servers on one database: the
 * first-start demo build, the metrics recomputation, the demo accounts, the built-in models. With PostgreSQL a session-level
 * advisory lock on a fixed key, held on a connection of its own for the whole work, so the API servers and
 * worker processes of one database take turns: the second waits, then finds the work done (both tasks skip
 * what exists). With SQLite (one process, the embedded default) a lock within this process.
 */
import { sql } from 'kysely';
import { dialectOf, type Db } from './database.ts';

/** Fixed advisory lock keys, the same in every process (MIGRATION_LOCK_KEY in database.ts is the first). */
export const LOCK_KEYS = {
  demoBuild: 7_310_250_116,
  metrics: 7_310_250_117,
  demoAccounts: 7_310_250_118,
  /** The built-in models and which one is the default: seeded by every process that starts. */
  seeds: 7_310_250_119,
  verification: 7_310_250_210,
} as const;

const local = new Map<number, Promise<unknown>>();

/** Run `work` while holding the lock `key`; waits for another holder first. */
export async function withLock<T>(db: Db, key: number, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${key})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
      }
    });
  }
  const before = local.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  local.set(key, tail);
  try {
    return await run;
  } finally {
    if (local.get(key) === tail) local.delete(key);
  }
}
