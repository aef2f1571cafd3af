/**
 * recomputeMetrics as a worker-thread task (run with threads/run-in-thread.ts): its own database connection
 * (WAL lets it write while the main thread builds forecasts), the demo source, the grid given by the caller.
 */
import { openDatabase } from '../db/database.ts';
import type { Grid } from '../grid/grid.ts';
import { recomputeMetrics, type RecomputeResult } from './hindcast-metrics.ts';

export interface MetricsTaskArgs {
  dataDir: string;
  /** PostgreSQL of the server (null/absent: SQLite in dataDir). */
  databaseUrl?: string | null;
  grid?: Grid;
  force?: boolean;
}

export async function run(args: MetricsTaskArgs): Promise<RecomputeResult> {
  const db = await openDatabase(args, { poolSize: 3 });
  try {
    return await recomputeMetrics({ db, dataDir: args.dataDir, grid: args.grid }, { force: args.force });
  } finally {
    await db.destroy();
  }
}
