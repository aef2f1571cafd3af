/**
 * `scoreArchive` as a thread task (threads/run-in-thread.ts): its own database connection, so the scoring never
 * blocks the API's event loop.
 */
import { openDatabase } from '../db/database.ts';
import { scoreArchive, scoreCharts, type ChartScoreResult, type ScoreResult } from './score-archive.ts';

export interface ScoringTaskArgs {
  dataDir: string;
  /** PostgreSQL of the server (null/absent: SQLite in dataDir). */
  databaseUrl?: string | null;
  modelIds?: string[];
  /** Only the records against these charts (`scoreCharts`). */
  chartIds?: number[];
}

export async function run(args: ScoringTaskArgs, progress: (fraction: number, message?: string) => void): Promise<ScoreResult | ChartScoreResult> {
  // Three connections: a scoring lock holds one while the work uses the others (db/locks.ts).
  const db = await openDatabase(args, { poolSize: 3 });
  try {
    const ctx = { db, dataDir: args.dataDir };
    if (args.chartIds) return await scoreCharts(ctx, args.chartIds, progress);
    return await scoreArchive(ctx, { modelIds: args.modelIds, onProgress: progress });
  } finally {
    await db.destroy();
  }
}
