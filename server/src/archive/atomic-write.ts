/**
 * Files are written through a temporary and a rename, so a reader never sees half a file: the temporaries go to
 * DATA_DIR/tmp (the same file system as DATA_DIR/forecast-data, so the rename is atomic), never beside the files,
 * and `removeStaleTemporaries` (file-store.ts) empties that folder at start.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';

export const FILES_DIR = 'forecast-data';
/** Where files are written before they are renamed into place, relative to DATA_DIR. */
export const TEMPORARY_DIR = 'tmp';

/**
 * A fresh temporary path for a file that will be renamed to `target`: DATA_DIR/tmp when `target` lies in
 * DATA_DIR/forecast-data (always, for our files), else beside it. Unique per writer: worker threads share
 * the process id.
 */
export function temporaryFor(target: string): string {
  const marker = `${sep}${FILES_DIR}${sep}`;
  const at = target.lastIndexOf(marker);
  const dir = at >= 0 ? join(target.slice(0, at), TEMPORARY_DIR) : dirname(target);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${basename(target)}.${process.pid}.${randomUUID()}.tmp`);
}

/**
 * Write bytes through a temporary file and a rename, so a reader never sees half a file. A write that fails (a
 * full disk: ENOSPC) removes its temporary at once, so the space it took is free again for the database to
 * record the failure.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = temporaryFor(path);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
