/**
 * The files a job wrote (its result's `files`: paths relative to DATA_DIR, a list or lists by model) get their
 * subsets made right away, ahead of older work (subset-warmer.ts `front`), the last written first. Whoever ran
 * the job does it: the API server's in-process runner, or the queue's worker process (the subsets are files
 * beside the forecast in DATA_DIR, so every server then answers from them).
 */
import type { Db } from '../db/database.ts';
import { resolveInside } from '../archive/file-store.ts';
import type { FileKind } from '../archive/forecast-file.ts';
import { findFile } from '../archive/forecast-repository.ts';
import type { SubsetWarmer } from './subset-warmer.ts';

const FILE_PATH = /^forecast-data\/(forecast|assim_forecast|analysis)\/([A-Za-z0-9_-]{1,64})\/(\d{4}-\d{2}-\d{2})\.nc$/;

/** The relative file paths in a job's result. */
export function writtenPaths(result: Record<string, unknown>): string[] {
  const files = result.files;
  const lists = Array.isArray(files) ? [files] : files && typeof files === 'object' ? Object.values(files) : [];
  return lists.flatMap((list: unknown) => (Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && FILE_PATH.test(p)) : []));
}

export async function warmWrittenFiles(warmer: SubsetWarmer, db: Db, dataDir: string, result: Record<string, unknown>): Promise<void> {
  for (const rel of writtenPaths(result)) {
    const [, kind, owner, date] = FILE_PATH.exec(rel)!;
    const file = await findFile(db, kind as FileKind, owner, date);
    if (!file || file.path !== rel) continue;
    warmer.warm(resolveInside(dataDir, rel), file.etag, { front: true });
  }
}
