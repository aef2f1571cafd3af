/**
 * verifyArchive as a worker-thread task (threads/run-in-thread.ts): its own database connection, so the scoring
 * never blocks the API's event loop.
 */
import { openDatabase } from '../db/database.ts';
import { verifyArchive, type VerifyResult } from './verify-archive.ts';

export interface VerificationTaskArgs {
  dataDir: string;
  /** PostgreSQL of the server (null/absent: SQLite in dataDir). */
  databaseUrl?: string | null;
  modelIds?: string[];
}

export async function run(args: VerificationTaskArgs, progress: (fraction: number, message?: string) => void): Promise<VerifyResult> {
  // Three connections: the verification lock holds one while the work uses the others (db/locks.ts).
  const db = await openDatabase(args, { poolSize: 3 });
  try {
    return await verifyArchive({ db, dataDir: args.dataDir }, { modelIds: args.modelIds, onProgress: progress });
  } finally {
    await db.destroy();
  }
}
