/**
 * Opens the database and brings its schema up to date. One data-access layer for two engines (Kysely):
 * - SQLite (the embedded default): DATA_DIR/app.db through better-sqlite3, WAL, foreign keys, busy_timeout;
 * - PostgreSQL 15 when a `DATABASE_URL` (postgres://…) is given: a pg.Pool, so several API servers and worker
 *   processes share one database.
 * Repositories take a `Db` (a Kysely instance, or a transaction of one) and are async on both engines.
 * Migrations run at open, under a lock, so two processes starting together apply each version once.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrations as sqliteMigrations } from './migrations.ts';
import { postgresMigrations } from './postgres-migrations.ts';
import type { Database } from './schema.ts';
import { LruCache } from '../../../common/lru-cache.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export const DATABASE_FILE = 'app.db';

/** Where the database is: PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export interface DatabaseTarget {
  dataDir: string;
  databaseUrl?: string | null;
}

export interface OpenOptions {
  /** The migration list to apply (tests); default the engine's own list. */
  migrations?: readonly string[];
  /** PostgreSQL connections at most (default 10; worker tasks use 2). */
  poolSize?: number;
}

/** How long taking a PostgreSQL connection may take before it fails (ms). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Any fixed 64-bit number, the same in every process: the advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 7_310_250_115;

/** Open the database of `target` (a string is a DATA_DIR) and apply pending migrations. Close it with `db.destroy()`. */
export async function openDatabase(target: DatabaseTarget | string, options: OpenOptions = {}): Promise<Db> {
  const where = typeof target === 'string' ? { dataDir: target } : target;
  return where.databaseUrl ? openPostgres(where.databaseUrl, options) : openSqlite(where.dataDir, options);
}

const pools = new WeakMap<Db, pg.Pool>();

/** The pg.Pool under a PostgreSQL `Db` opened here (not a transaction's), for a named prepared statement. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** Which engine a Kysely instance (or a transaction of one) talks to. */
export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function openSqlite(dataDir: string, options: OpenOptions): Db {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(dataDir, DATABASE_FILE));
  try {
    // WAL lets readers (the CLI, a worker thread) work while a write is in progress.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // Wait up to 5 s (ms) for a lock held by another process or thread instead of failing at once.
    sqlite.pragma('busy_timeout = 5000');
    migrateSqlite(sqlite, options.migrations ?? sqliteMigrations);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Statements kept per connection; the repositories' queries are a few dozen distinct texts. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a primary-key lookup
 * (about 30 µs against 15 µs here). Statements are reused by SQL text instead (Kysely's connection mutex runs
 * one query at a time, and nothing here streams with iterate(), so a statement is never in use twice).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const cache = new LruCache<string, SqliteDatabase.Statement>(STATEMENT_CACHE_SIZE);
  const prepare = (text: string) => {
    let statement = cache.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      cache.set(text, statement);
    }
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}

/**
 * Run, in order, every migration the SQLite database has not recorded yet. Each one runs in its own
 * `BEGIN IMMEDIATE` transaction that first re-reads the version: the write lock is taken before the read, so
 * a second process migrating at the same time waits (busy_timeout) and then sees the new version. Returns the
 * versions applied.
 */
function migrateSqlite(sqlite: SqliteDatabase.Database, migrations: readonly string[]): number[] {
  const applied: number[] = [];
  for (;;) {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      )`);
      const row = sqlite.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
      const current = row.version ?? 0;
      checkVersion(current, migrations.length);
      if (current === migrations.length) {
        sqlite.exec('COMMIT');
        return applied;
      }
      sqlite.exec(migrations[current]);
      sqlite.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(current + 1);
      sqlite.exec('COMMIT');
      applied.push(current + 1);
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
  }
}

function checkVersion(current: number, known: number): void {
  if (current > known) {
    throw new Error(
      `The database is at schema version ${current}, newer than this code knows (${known}). ` +
        'Update the code or use another DATA_DIR.',
    );
  }
}

/** int8 (bigint: COUNT(*), Unix-second times, byte counts) as a JavaScript number; our values stay below 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

async function openPostgres(url: string, options: OpenOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    // A request waits at most this long for a connection (ms), then fails (503): no hang when the database is
    // unreachable or every connection is busy.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive finds a connection whose peer vanished (a database host gone) instead of waiting for ever.
    keepAlive: true,
  });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // A checked-out client has no listener of the pool's: a connection cut while a query runs would emit 'error'
  // with none and end the process. The query itself fails (and is answered 503); the dead client is discarded.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await migratePostgres(pool, options.migrations ?? postgresMigrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * PostgreSQL migrations under a session-level advisory lock on MIGRATION_LOCK_KEY, held around the whole run:
 * a second server starting at the same time waits for the first, then finds nothing left to do. Each script
 * runs in its own transaction with its bookkeeping row. Returns the versions applied.
 */
async function migratePostgres(pool: pg.Pool, migrations: readonly string[]): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        applied_at text NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      )`);
      const { rows } = await client.query<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations');
      const current = rows[0].version ?? 0;
      checkVersion(current, migrations.length);
      for (let version = current + 1; version <= migrations.length; version++) {
        await client.query('BEGIN');
        try {
          await client.query(migrations[version - 1]);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        applied.push(version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  return applied;
}

/** A unique constraint failed: SQLite's message names `table.column`; PostgreSQL's code 23505 names the index. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; message?: string; constraint?: string };
  if (e?.code === '23505') return e.constraint ?? '';
  // SQLite names the columns (`jobs.kind`), or the index of an expression (`index 'jobs_single_flight'`).
  const match = /UNIQUE constraint failed: (?:index '([\w.]+)'|([\w., ]+))/.exec(e?.message ?? '');
  return match?.[1] ?? match?.[2];
}

/** A foreign key refused the change (SQLite: SQLITE_CONSTRAINT_FOREIGNKEY; PostgreSQL: 23503). */
export function foreignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Now as the text both engines store: ISO-8601 UTC with milliseconds, as strftime('%Y-%m-%dT%H:%M:%fZ'). */
export const nowText = (): string => new Date().toISOString();
