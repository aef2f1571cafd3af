/**
 * Opens the SQLite database in DATA_DIR and brings its schema up to date.
 * better-sqlite3 is synchronous: queries are fast local calls, so route handlers call repositories directly.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations as allMigrations } from './migrations.ts';

export type Db = Database.Database;

export const DATABASE_FILE = 'app.db';

/** Open (creating if needed) DATA_DIR/app.db with WAL and foreign keys, then run pending migrations. */
export function openDatabase(dataDir: string, migrations: readonly string[] = allMigrations): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    // WAL lets readers (the CLI, a second request) work while a write is in progress.
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // Wait up to 5 s (ms) for a lock held by another process, e.g. the user CLI, instead of failing at once.
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Run, in order, every migration the database has not recorded yet. Returns the versions applied. */
export function migrate(db: Db, migrations: readonly string[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  const current = row.version ?? 0;
  if (current > migrations.length) {
    throw new Error(
      `The database is at schema version ${current}, newer than this code knows (${migrations.length}). ` +
        'Update the code or use another DATA_DIR.',
    );
  }
  const record = db.prepare('INSERT INTO schema_migrations (version) VALUES (?)');
  const applied: number[] = [];
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version - 1]);
      record.run(version);
    })();
    applied.push(version);
  }
  return applied;
}
