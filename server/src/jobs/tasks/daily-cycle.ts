/**
 * Worker task of the daily cycle (a scheduled tick, a due retry, or POST /force_fetch_data): `runCycle` over the
 * dates of its plan with the worker's own database connection.
 */
import { cycleDates } from '../../cycle/cycle-repository.ts';
import { runCycle, type CyclePlan, type CycleRunResult } from '../../cycle/run-cycle.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface DailyCycleArgs {
  dataDir: string;
  databaseUrl?: string | null;
  plan: CyclePlan;
}

export async function run(args: DailyCycleArgs, progress: (fraction: number, message?: string) => void): Promise<CycleRunResult> {
  return withArchive(args, async (ctx) => {
    const before = await cycleDates(ctx.db, args.plan.dates);
    return runCycle(ctx, args.plan, (date) => before.get(date)?.attempts ?? 0, progress);
  });
}
