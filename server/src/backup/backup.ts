/**
 * A consistent copy of a running server's data: the database first, then the files its index lists as of that copy.
 *  - SQLite: SQLite's online backup API (better-sqlite3 `db.backup`), a snapshot while the server goes on writing;
 *    the files are those the snapshot's `forecast_files` lists, so the copy never names a file it lacks.
 *  - PostgreSQL (`DATABASE_URL`): the database is `pg_dump`'s (README, 'Backups'); this copies the files its index
 *    lists now (run it after pg_dump: files newer than the dump are extra, never missing).
 * Each file is copied with its modification time (Last-Modified stays) and checked by SHA-256 against the index
 * (a damaged file is reported and left out); a file already in the target with that checksum is not copied again.
 * Also copied: the cookie-signing secret (sessions stay valid) and uploaded networks (`models/`). Not copied:
 * compressed copies, subsets, regridding mappings and temporaries, which the server makes again.
 */
import SqliteDatabase from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256OfFile } from '../archive/file-integrity.ts';
import { DATABASE_FILE, openDatabase, type DatabaseTarget } from '../db/database.ts';

export const MANIFEST = 'backup.json';
/** Besides the database and the indexed files: the secret, and uploaded networks. */
const EXTRA = ['secret', 'models'];

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  created_at: string;
  engine: 'sqlite' | 'postgres';
  files: ManifestFile[];
  extra: string[];
  /** Indexed files not copied: missing or not the bytes written (the next cycle rebuilds them at the source). */
  skipped: Array<{ path: string; reason: string }>;
}

interface IndexedFile {
  path: string;
  bytes: number;
  sha256: string | null;
}

/** Copy `from` to `to` keeping its modification time. */
function copyKeepingTime(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  const { atime, mtime } = statSync(from);
  utimesSync(to, atime, mtime);
}

async function indexedFiles(target: DatabaseTarget): Promise<IndexedFile[]> {
  const db = await openDatabase(target, { poolSize: 1 });
  try {
    return await db.selectFrom('forecast_files').select(['path', 'bytes', 'sha256']).orderBy('path').execute();
  } finally {
    await db.destroy();
  }
}

async function copyIndexed(dataDir: string, to: string, files: IndexedFile[], manifest: Manifest): Promise<void> {
  for (const file of files) {
    const source = join(dataDir, file.path);
    const target = join(to, file.path);
    const stat = statSync(source, { throwIfNoEntry: false });
    if (!stat || stat.size !== file.bytes) {
      manifest.skipped.push({ path: file.path, reason: stat ? `size ${stat.size}, indexed ${file.bytes}` : 'missing' });
      continue;
    }
    const sha256 = await sha256OfFile(source);
    if (file.sha256 && sha256 !== file.sha256) {
      manifest.skipped.push({ path: file.path, reason: 'SHA-256 differs from the index' });
      continue;
    }
    const present = statSync(target, { throwIfNoEntry: false });
    if (!present || present.size !== file.bytes || (await sha256OfFile(target)) !== sha256) copyKeepingTime(source, target);
    manifest.files.push({ path: file.path, bytes: file.bytes, sha256 });
  }
}

function copyTree(from: string, to: string): void {
  const stat = statSync(from, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) return copyKeepingTime(from, to);
  for (const name of readdirSync(from)) copyTree(join(from, name), join(to, name));
}

/** Back up `target`'s data into `to` (created if needed; an earlier backup there is brought up to date). */
export async function backup(target: DatabaseTarget, to: string): Promise<Manifest> {
  mkdirSync(to, { recursive: true });
  const engine = target.databaseUrl ? 'postgres' : 'sqlite';
  const manifest: Manifest = { created_at: new Date().toISOString(), engine, files: [], extra: [], skipped: [] };
  let files: IndexedFile[];
  if (engine === 'sqlite') {
    const source = new SqliteDatabase(join(target.dataDir, DATABASE_FILE), { fileMustExist: true });
    try {
      await source.backup(join(to, DATABASE_FILE));
    } finally {
      source.close();
    }
    // The snapshot's index, not the live one: the copy lists exactly the files it holds.
    files = await indexedFiles({ dataDir: to, databaseUrl: null });
  } else {
    files = await indexedFiles(target);
  }
  await copyIndexed(target.dataDir, to, files, manifest);
  for (const name of EXTRA) {
    if (!existsSync(join(target.dataDir, name))) continue;
    copyTree(join(target.dataDir, name), join(to, name));
    manifest.extra.push(name);
  }
  writeFileSync(join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
