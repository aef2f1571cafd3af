import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations.ts';
import { tempDir } from '../helpers.ts';

describe('openDatabase', () => {
  it('creates the folder and the database with WAL and foreign keys on, and every migration applied', () => {
    const dir = join(tempDir(), 'nested', 'data');
    const db = openDatabase(dir);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
      expect(versions).toEqual(migrations.map((_, i) => i + 1));
      expect(db.prepare('SELECT id, name FROM roles ORDER BY id').all()).toEqual([
        { id: 1, name: 'user' },
        { id: 2, name: 'admin' },
        { id: 3, name: 'superuser' },
      ]);
    } finally {
      db.close();
    }
  });

  it('runs only the migrations added since the last start', () => {
    const dir = tempDir();
    const first = ['CREATE TABLE a (x INTEGER)'];
    openDatabase(dir, first).close();
    const db = openDatabase(dir, [...first, 'CREATE TABLE b (y INTEGER)', 'INSERT INTO b VALUES (7)']);
    try {
      expect(db.prepare('SELECT y FROM b').pluck().all()).toEqual([7]);
      expect(db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBe(3);
    } finally {
      db.close();
    }
  });

  it('rolls back a failing migration and records nothing for it', () => {
    const dir = tempDir();
    expect(() => openDatabase(dir, ['CREATE TABLE a (x)', 'CREATE TABLE b (y); INSERT INTO nowhere VALUES (1)'])).toThrow(
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

  it('refuses a database written by newer code', () => {
    const dir = tempDir();
    openDatabase(dir, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)']).close();
    expect(() => openDatabase(dir, ['CREATE TABLE a (x)'])).toThrow(/schema version 2, newer than this code knows \(1\)/);
  });

  it('enforces foreign keys', () => {
    const db = openDatabase(tempDir());
    try {
      expect(() =>
        db.prepare("INSERT INTO users (email, username, password_hash, role_id) VALUES ('a@b.c', 'a', 'h', 99)").run(),
      ).toThrow(/FOREIGN KEY constraint failed/);
    } finally {
      db.close();
    }
  });
});
