/**
 * Tests that run on both storage engines: `describe.each(ENGINES)` and a fresh database per test: SQLite in a
 * temporary DATA_DIR, or an empty PostgreSQL database in the run's one server (postgres/global-setup.ts),
 * migrated, closed and dropped when the test ends.
 */
import { onTestFinished } from 'vitest';
import { openDatabase, type DatabaseTarget, type Db, type OpenOptions } from '../src/db/database.ts';
import { tempDir } from './helpers.ts';
import { createTestDatabase, type TestSchema } from './postgres/databases.ts';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * Where a test's data lives: always a temporary DATA_DIR (files); with `postgres` also a fresh database URL,
 * dropped when the test ends (after the app or connections the test opened are closed: hooks run last-in first-out).
 * `schema`: the PostgreSQL database empty, or already migrated (for code that migrates it anyway on open; the
 * tests of migrations themselves need it empty).
 */
export async function testTarget(engine: Engine, dataDir = tempDir(), schema: TestSchema = 'empty'): Promise<DatabaseTarget> {
  if (engine === 'sqlite') return { dataDir, databaseUrl: null };
  const database = await createTestDatabase(schema);
  onTestFinished(() => database.drop());
  return { dataDir, databaseUrl: database.url };
}

/** A migrated database of `engine`, closed (and dropped) when the test ends. */
export async function freshDb(engine: Engine, options: OpenOptions = {}): Promise<Db> {
  // A list of migrations of the test's own is applied to an empty database.
  const target = await testTarget(engine, tempDir(), options.migrations ? 'empty' : 'migrated');
  const db = await openDatabase(target, options);
  onTestFinished(() => db.destroy());
  return db;
}
