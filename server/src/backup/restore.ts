/**
 * A backup (backup.ts) put back into an empty DATA_DIR: the SQLite database (with PostgreSQL, `pg_restore` first:
 * README, 'Backups'), the secret, uploaded networks and every file of the manifest, each checked by SHA-256 and
 * given back its modification time. A DATA_DIR that holds anything is refused: a restore never mixes two states.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256OfFile } from '../archive/file-integrity.ts';
import { DATABASE_FILE } from '../db/database.ts';
import { MANIFEST, type Manifest } from './backup.ts';

export class RestoreError extends Error {
  override name = 'RestoreError';
}

function copyKeepingTime(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  const { atime, mtime } = statSync(from);
  utimesSync(to, atime, mtime);
}

function copyTree(from: string, to: string): void {
  if (statSync(from).isFile()) return copyKeepingTime(from, to);
  for (const name of readdirSync(from)) copyTree(join(from, name), join(to, name));
}

export async function restore(from: string, dataDir: string): Promise<Manifest> {
  const manifestPath = join(from, MANIFEST);
  if (!existsSync(manifestPath)) throw new RestoreError(`${from} is not a backup: no ${MANIFEST}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new RestoreError(`DATA_DIR ${dataDir} is not empty: restore only into an empty folder`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  for (const file of manifest.files) {
    const source = join(from, file.path);
    if (!existsSync(source) || (await sha256OfFile(source)) !== file.sha256) throw new RestoreError(`the backup's ${file.path} is missing or damaged (SHA-256 differs)`);
  }
  mkdirSync(dataDir, { recursive: true });
  if (manifest.engine === 'sqlite') copyKeepingTime(join(from, DATABASE_FILE), join(dataDir, DATABASE_FILE));
  for (const name of manifest.extra) copyTree(join(from, name), join(dataDir, name));
  for (const file of manifest.files) copyKeepingTime(join(from, file.path), join(dataDir, file.path));
  return manifest;
}
