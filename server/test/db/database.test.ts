import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DATABASE_FILE, dialectOf, openDatabase } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations.ts';
import { postgresMigrations } from '../../src/db/postgres-migrations.ts';
import { ENGINES, freshDb, testTarget } from '../engines.ts';
import { tempDir } from '../helpers.ts';

const versionsOf = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  (await db.selectFrom('schema_migrations').select('version').orderBy('version').execute()).map((row) => row.version);

describe('openDatabase (SQLite)', () => {
  it('creates the folder and the database with WAL and foreign keys on, and every migration applied', async () => {
    const dir = join(tempDir(), 'nested', 'data');
    const db = await openDatabase(dir);
    try {
      expect(dialectOf(db)).toBe('sqlite');
      expect((await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db)).rows[0].journal_mode).toBe('wal');
      expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0].foreign_keys).toBe(1);
      expect((await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(db)).rows[0].timeout).toBe(5000);
      expect(await versionsOf(db)).toEqual(migrations.map((_, i) => i + 1));
    } finally {
      await db.destroy();
    }
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const dir = tempDir();
    await expect(openDatabase(dir, { migrations: ['CREATE TABLE a (x)', 'CREATE TABLE b (y); INSERT INTO nowhere VALUES (1)'] })).rejects.toThrow(
      /no such table: nowhere/,
    );
    const db = new Database(join(dir, DATABASE_FILE));
    try {
      expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1]);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it('keeps working on a database written before the Kysely layer (the same five scripts, nothing re-run)', async () => {
    const dir = tempDir();
    // What the synchronous opener of earlier versions left behind: the five scripts and their rows.
    const old = new Database(join(dir, DATABASE_FILE));
    old.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`);
    for (const [k, script] of migrations.slice(0, 5).entries()) {
      old.exec(script);
      old.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(k + 1);
    }
    old.prepare("INSERT INTO users (email, username, password_hash) VALUES ('old@example.com', 'old', 'h')").run();
    old.close();
    const db = await openDatabase(dir);
    try {
      expect(await versionsOf(db)).toEqual(migrations.map((_, i) => i + 1));
      expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'old@example.com' }]);
    } finally {
      await db.destroy();
    }
  });

  it('two openers migrating one fresh file at once both succeed and apply each version once', async () => {
    const dir = tempDir();
    const [a, b] = await Promise.all([openDatabase(dir), openDatabase(dir)]);
    try {
      expect(await versionsOf(a)).toEqual(migrations.map((_, i) => i + 1));
      expect(await versionsOf(b)).toEqual(migrations.map((_, i) => i + 1));
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });
});

describe('openDatabase (PostgreSQL)', () => {
  it('keeps a schema of the same versions as SQLite', () => {
    expect(postgresMigrations).toHaveLength(migrations.length);
  });

  it('two servers migrating one fresh database at once both succeed and apply each version once', async () => {
    const target = await testTarget('postgres');
    const [a, b] = await Promise.all([openDatabase(target), openDatabase(target)]);
    onTestFinished(async () => {
      await a.destroy();
      await b.destroy();
    });
    expect(dialectOf(a)).toBe('postgres');
    const expected = postgresMigrations.map((_, i) => i + 1);
    expect(await versionsOf(a)).toEqual(expected);
    expect(await versionsOf(b)).toEqual(expected);
    // Each script ran once: the seeded roles are there once, not twice (a second run would also have failed).
    expect(await a.selectFrom('roles').select(['id', 'name']).orderBy('id').execute()).toHaveLength(3);
  });

  it('rolls back a failing migration, keeps the ones before, and refuses a newer schema', async () => {
    const target = await testTarget('postgres');
    await expect(openDatabase(target, { migrations: ['CREATE TABLE a (x int)', 'CREATE TABLE b (y int); INSERT INTO nowhere VALUES (1)'] })).rejects.toThrow(
      /relation "nowhere" does not exist/,
    );
    const client = new pg.Client({ connectionString: target.databaseUrl! });
    await client.connect();
    try {
      expect((await client.query('SELECT version FROM schema_migrations')).rows).toEqual([{ version: 1 }]);
      expect((await client.query("SELECT to_regclass('b') AS b")).rows).toEqual([{ b: null }]);
    } finally {
      await client.end();
    }
    await expect(openDatabase(target, { migrations: [] })).rejects.toThrow(/schema version 1, newer than this code knows \(0\)/);
  });
});

describe.each(ENGINES)('the schema (%s)', (engine) => {
  it('seeds the fixed roles', async () => {
    const db = await freshDb(engine);
    expect(await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute()).toEqual([
      { id: 1, name: 'user' },
      { id: 2, name: 'admin' },
      { id: 3, name: 'superuser' },
    ]);
  });

  it('runs only the migrations added since the last start', async () => {
    const target = await testTarget(engine);
    const first = ['CREATE TABLE a (x INTEGER)'];
    await (await openDatabase(target, { migrations: first })).destroy();
    const db = await openDatabase(target, { migrations: [...first, 'CREATE TABLE b (y INTEGER)', 'INSERT INTO b VALUES (7)'] });
    onTestFinished(() => db.destroy());
    expect((await sql<{ y: number }>`SELECT y FROM b`.execute(db)).rows).toEqual([{ y: 7 }]);
    expect(await versionsOf(db)).toEqual([1, 2, 3]);
  });

  it('enforces foreign keys', async () => {
    const db = await freshDb(engine);
    await expect(db.insertInto('users').values({ email: 'a@b.c', username: 'a', password_hash: 'h', role_id: 99 }).execute()).rejects.toThrow(
      /FOREIGN KEY constraint failed|violates foreign key constraint/,
    );
  });

  it('keeps emails and usernames unique without regard to case, even past the repository', async () => {
    const db = await freshDb(engine);
    await db.insertInto('users').values({ email: 'a@b.c', username: 'Ann', password_hash: 'h' }).execute();
    await expect(db.insertInto('users').values({ email: 'A@B.C', username: 'x', password_hash: 'h' }).execute()).rejects.toThrow(/UNIQUE|unique/);
    await expect(db.insertInto('users').values({ email: 'x@b.c', username: 'ANN', password_hash: 'h' }).execute()).rejects.toThrow(/UNIQUE|unique/);
  });

  it('stores timestamps as the same ISO text on both engines', async () => {
    const db = await freshDb(engine);
    await db.insertInto('users').values({ email: 'a@b.c', username: 'a', password_hash: 'h' }).execute();
    const { created_at } = await db.selectFrom('users').select('created_at').executeTakeFirstOrThrow();
    expect(created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(created_at) - Date.now())).toBeLessThan(60_000);
  });
});
