/**
 * `scoreArchive` as a thread task (threads/run-in-thread.ts): its own database connection, so the scoring never
 * blocks the API's event loop.
 */
import { openDatabase } from '../db/database.ts';
import { scoreArchive, type ScoreResult } from './score-archive.ts';

export interface ScoringTaskArgs {
  dataDir: string;
  /** PostgreSQL of the server (null/absent: SQLite in dataDir). */
  databaseUrl?: string | null;
  modelIds?: string[];
}

export async function run(args: ScoringTaskArgs, progress: (fraction: number, message?: string) => void): Promise<ScoreResult> {
  // Three connections: a scoring lock holds one while the work uses the others (db/locks.ts).
  const db = await openDatabase(args, { poolSize: 3 });
  try {
    return await scoreArchive({ db, dataDir: args.dataDir }, { modelIds: args.modelIds, onProgress: progress });
  } finally {
    await db.destroy();
  }
}
