/**
 * Thread task of the daily cycle's retention (`../../cycle/retention.ts`), run by its job once the scores are
 * current, with the thread's own database connection.
 */
import { withArchive } from '../../archive/archive-in-thread.ts';
import { retire, type RetentionResult } from '../../cycle/retention.ts';

export interface RetireArgs {
  dataDir: string;
  databaseUrl?: string | null;
  retainDays: number;
  /** 'YYYY-MM-DD': dates before today − retainDays are retired. */
  today: string;
  /** The run's clock (ISO). */
  now: string;
}

export async function run(args: RetireArgs): Promise<RetentionResult> {
  return withArchive(args, (ctx) => retire(ctx, { retainDays: args.retainDays, today: args.today, now: new Date(args.now) }));
}
