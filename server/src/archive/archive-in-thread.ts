/**
 * The archive as a worker thread sees it: its own connection to the server's database, closed when the task
 * ends: DATA_DIR's SQLite file (WAL lets it write while the main thread serves requests), or with
 * `databaseUrl` a small PostgreSQL pool of its own.
 */
import { openDatabase, type DatabaseTarget } from '../db/database.ts';
import type { ArchiveContext } from './pipeline.ts';

export async function withArchive<T>(
  where: DatabaseTarget,
  work: (ctx: ArchiveContext) => Promise<T>,
): Promise<T> {
  // Three connections: the metrics lock holds one while the work uses the others (db/locks.ts).
  const db = await openDatabase(where, { poolSize: 3 });
  const dataDir = where.dataDir;
  try {
    return await work({ db, dataDir });
  } finally {
    await db.destroy();
  }
}
