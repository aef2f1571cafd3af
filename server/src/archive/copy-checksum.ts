/**
 * The compressed copies kept beside a file (`D.nc.br`, `D.nc.gz`, file-store.ts `compressedCopy`) are served as
 * they are, with their own length, so a copy truncated or rewritten behind the server's back would go out with 200
 * and a body the client cannot decompress. Each copy therefore has a small record beside it, `D.nc.br.sum`
 * (`{"bytes", "sha256", "mtime_ms"}`), written before the copy is renamed into place, and checked as the file
 * index checks the files (file-integrity.ts): the size on every use, the SHA-256 when the modification time
 * moved. A copy that fails, or has no record (made by an older version, or put there by hand), is made again
 * from the file, which has been checked itself: the client gets a whole copy, about 1 s later.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write.ts';
import { sha256OfFile } from './checksums.ts';

/** What was found wrong with a copy, in Russian (null: it is whole). */
type Damage = string | null;

/** The suffixes of everything made from a file and kept beside it (its subsets, `.parts/`, apart). */
export const COPY_SUFFIXES = ['.gz', '.br', '.gz.sum', '.br.sum'] as const;

export interface CopySum {
  bytes: number;
  sha256: string;
  mtime_ms: number;
}

const sumPath = (copy: string) => `${copy}.sum`;

/** A copy without its record: made by a version before records, or put there by hand; made again, not an alarm. */
export const NO_SUM = 'нет записи о контрольной сумме';

/** Record `temporary` (the finished copy, before its rename to `copy`): its size, SHA-256 and modification time. */
export async function recordCopySum(temporary: string, copy: string): Promise<void> {
  const stat = statSync(temporary);
  const sum: CopySum = { bytes: stat.size, sha256: await sha256OfFile(temporary), mtime_ms: stat.mtimeMs };
  writeSum(copy, sum);
}

/** Write the record of a copy about to be renamed into place as `copy` (file-store.ts `writeCopyAtomic`). */
export function writeSum(copy: string, sum: CopySum): void {
  writeFileAtomic(sumPath(copy), new TextEncoder().encode(JSON.stringify(sum)));
}

function readSum(copy: string): CopySum | null {
  try {
    const sum = JSON.parse(readFileSync(sumPath(copy), 'utf8')) as Partial<CopySum>;
    return typeof sum.bytes === 'number' && typeof sum.sha256 === 'string' && typeof sum.mtime_ms === 'number' ? (sum as CopySum) : null;
  } catch {
    return null;
  }
}

/** What is wrong with the copy on disk (null: it is the one made). */
export async function copyDamage(copy: string): Promise<Damage> {
  const stat = statSync(copy, { throwIfNoEntry: false });
  if (!stat) return 'файл отсутствует на диске';
  const sum = readSum(copy);
  if (!sum) return NO_SUM;
  if (stat.size !== sum.bytes) return `размер ${stat.size} байт вместо ${sum.bytes}`;
  if (stat.mtimeMs === sum.mtime_ms) return null;
  if ((await sha256OfFile(copy)) !== sum.sha256) return 'содержимое изменено (контрольная сумма SHA-256 не совпадает)';
  // The same bytes under a new time (copied, touched): hashed once, not on every use.
  writeSum(copy, { ...sum, mtime_ms: stat.mtimeMs });
  return null;
}

/** Remove a file's compressed copies and their records (the file was written again, found damaged, or retired). */
export function removeCompressedCopies(full: string): void {
  for (const suffix of COPY_SUFFIXES) rmSync(full + suffix, { force: true });
}
