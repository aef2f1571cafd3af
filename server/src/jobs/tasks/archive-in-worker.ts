/**
 * The archive as a worker thread sees it: its own connection to DATA_DIR's database (WAL lets it write while
 * the main thread serves requests), closed when the task ends.
 */
import { openDatabase } from '../../db/database.ts';
import type { ArchiveContext } from '../../forecast/archive.ts';

export async function withArchive<T>(dataDir: string, work: (ctx: ArchiveContext) => Promise<T>): Promise<T> {
  const db = openDatabase(dataDir);
  try {
    return await work({ db, dataDir });
  } finally {
    db.close();
  }
}
