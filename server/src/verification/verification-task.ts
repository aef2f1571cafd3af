/**
 * The verification step as a worker-thread task (threads/run-in-thread.ts): the records against the analyses
 * (verifyArchive), then those against the ice charts (verifyChartTruths), on its own database connection, so the
 * scoring never blocks the API's event loop.
 */
import { openDatabase } from '../db/database.ts';
import { verifyChartTruths, type ChartVerifyResult } from './chart-truth.ts';
import { verifyArchive, type VerifyResult } from './verify-archive.ts';

export interface VerificationTaskArgs {
  dataDir: string;
  /** PostgreSQL of the server (null/absent: SQLite in dataDir). */
  databaseUrl?: string | null;
  modelIds?: string[];
}

/** What a verification step did: the records against the analyses, and `charts`, those against the ice charts. */
export type VerificationPass = VerifyResult & { charts: ChartVerifyResult };

/** Share of the step's progress the records against the analyses take (the charts' are few and quick). */
const ANALYSES_SHARE = 0.9;

export async function run(args: VerificationTaskArgs, progress: (fraction: number, message?: string) => void): Promise<VerificationPass> {
  // Three connections: the verification lock holds one while the work uses the others (db/locks.ts).
  const db = await openDatabase(args, { poolSize: 3 });
  try {
    const ctx = { db, dataDir: args.dataDir };
    const records = await verifyArchive(ctx, { modelIds: args.modelIds, onProgress: (f, m) => progress(f * ANALYSES_SHARE, m) });
    const charts = await verifyChartTruths(ctx, { onProgress: (f, m) => progress(ANALYSES_SHARE + (1 - ANALYSES_SHARE) * f, m) });
    return { ...records, charts };
  } finally {
    await db.destroy();
  }
}
