/**
 * The handler of the daily cycle's job (kind `daily_cycle`, or `force_fetch_data` when an admin asked for it; one
 * of them runs at a time across every server and worker: the jobs table's single-flight index). The dates run in a thread; the job's message names each date's
 * outcome, and the job fails, with the Russian reasons, when a date failed (the others went on, and are scored:
 * `PartlyDone`). Once the job's scores are current (`with-scoring.ts`), `cycleRetention` retires old dates.
 */
import type { DatabaseTarget } from '../db/database.ts';
import type { CyclePlan, CycleRunResult } from '../cycle/run-cycle.ts';
import type { RetentionResult } from '../cycle/retention.ts';
import type { JobHandler } from './job-handler.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import type { DailyCycleArgs } from './tasks/daily-cycle.ts';
import type { RetireArgs } from './tasks/retire.ts';
import { PartlyDone, type AfterScoring } from './with-scoring.ts';
import { utcDay } from '../../../common/utc-day.ts';

const task = new URL('./tasks/daily-cycle.ts', import.meta.url);
const retireTask = new URL('./tasks/retire.ts', import.meta.url);

/** One line per date: the date's own message (it names the date). */
function cycleSummary(result: CycleRunResult): string {
  const lines = result.dates.length === 0 ? ['Ежедневный цикл: все даты уже готовы'] : result.dates.map((outcome) => outcome.message);
  for (const file of result.charts?.files ?? []) lines.push(file.status === 'failed' ? `ледовая карта ${file.name} не загружена: ${file.message}` : file.message);
  if (result.charts_error) lines.push(result.charts_error);
  return lines.join('; ');
}

export function dailyCycleJob(where: DatabaseTarget, plan: Omit<CyclePlan, 'jobId'>): JobHandler {
  return async ({ job, signal, progress, log }) => {
    const args: DailyCycleArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl, plan: { ...plan, jobId: job.id } };
    const result = await runInThread<CycleRunResult>(task, args, { signal, onProgress: progress });
    // The cycle's cost per day and region, for operators sizing a machine (bench/README.md has measured figures).
    for (const { date, timings } of result.dates) {
      for (const { region, ms } of timings?.regions ?? []) log.info({ date, region, ms, fetch_ms: timings!.fetch_ms }, 'cycle date built');
    }
    const message = cycleSummary(result);
    if (result.dates.some((outcome) => outcome.status === 'failed')) throw new PartlyDone(message);
    const last = result.dates.at(-1);
    return {
      result: {
        ...result,
        // What the upload job always answered: the newest date, its files.
        date: last?.date ?? null,
        files: last?.files ?? [],
      },
      message,
    };
  };
}

/** After the cycle's scores: dates older than RETAIN_DAYS retired (none when 0); the result gains `retention`. */
export function cycleRetention(where: DatabaseTarget, plan: Omit<CyclePlan, 'jobId'>): AfterScoring | undefined {
  if (plan.retainDays <= 0) return undefined;
  return async (outcome, { signal, progress }) => {
    progress(0.97, 'удаление старых файлов');
    const args: RetireArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl, retainDays: plan.retainDays, today: utcDay(new Date(plan.now)), now: plan.now };
    const retention = await runInThread<RetentionResult>(retireTask, args, { signal });
    return { ...outcome, result: { ...outcome.result, retention } };
  };
}
