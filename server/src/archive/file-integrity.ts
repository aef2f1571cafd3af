/**
 * Is an indexed file still the one written? A file truncated, rewritten or deleted behind the server's back (a
 * failing disk, an operator's `cp` or `rm`, a restore gone wrong) must be answered with a clear error, not sent as
 * a cut body with 200, and rebuilt by the next run.
 *
 * What is checked, and when (serving must stay fast: a 30 MB file hashes in about 0.1 s on this machine):
 *  - on every serve, the size and modification time (one `stat`, which the reply needs anyway);
 *  - the SHA-256 only when the modification time differs from the one at write (a copy, a restore, a touch, or a
 *    rewrite of the same size): a match records the new time (so it is hashed once), a mismatch is damage;
 *  - the SHA-256 itself is computed at write time from the bytes in memory (`sha256Of`), never read back.
 * Rows indexed before checksums existed (no `sha256`) are checked by size alone.
 */
import { rmSync, statSync } from 'node:fs';
import type { Db } from '../db/database.ts';
import { sha256OfFile } from './checksums.ts';
import { removeCompressedCopies } from './copy-checksum.ts';
import { setFileChecked, setFileDamage, type FileRecord } from './forecast-repository.ts';

export { sha256Of, sha256OfFile } from './checksums.ts';

/** What was found wrong with a file, in Russian (null: the file is whole). */
export type Damage = string | null;

/** Verdicts of hashes taken under a new modification time, so a file is hashed once per change. */
const verdicts = new Map<string, { seen: string; damage: Damage }>();

/**
 * Check `full` (the absolute path of `record`'s file) against its index row; records a whole file's new
 * modification time in the row. Returns what is wrong, or null.
 */
export async function checkFile(db: Db, full: string, record: FileRecord): Promise<Damage> {
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return 'файл отсутствует на диске';
  if (stat.size !== record.bytes) return `размер ${stat.size} байт вместо ${record.bytes}`;
  if (!record.sha256 || record.mtime_ms === null || record.mtime_ms === undefined || Math.round(stat.mtimeMs) === record.mtime_ms) return null;
  const seen = `${stat.size}:${stat.mtimeMs}`;
  const known = verdicts.get(full);
  if (known?.seen === seen) return known.damage;
  const sha256 = await sha256OfFile(full);
  const damage = sha256 === record.sha256 ? null : 'содержимое изменено (контрольная сумма SHA-256 не совпадает)';
  verdicts.set(full, { seen, damage });
  if (damage === null) await setFileChecked(db, record, sha256, stat.mtimeMs);
  return damage;
}

/**
 * Mark a damaged file in the index (the pipeline then treats it as absent and writes it again) and remove its
 * compressed copies and subsets, which were made from the good bytes and would outlive the rebuilt file.
 */
export async function markDamaged(db: Db, full: string, record: FileRecord, damage: string): Promise<void> {
  await setFileDamage(db, record, damage);
  removeCompressedCopies(full);
  // Its subsets too (keyed by the old ETag, never served for the rebuilt file): their space back.
  rmSync(`${full}.parts`, { recursive: true, force: true });
}

/** A file the pipeline may build on: indexed, not marked damaged, and of the indexed size. */
export function usableFile(full: string, record: FileRecord): boolean {
  if (record.damaged_at) return false;
  const stat = statSync(full, { throwIfNoEntry: false });
  return stat !== undefined && stat.size === record.bytes;
}
