/**
 * The handler of the daily cycle's job (kind `force_fetch_data`, so one runs at a time across every server and
 * worker: the jobs table's single-flight index). The work runs in a worker thread; the job's message names each
 * date's outcome, and the job fails, with the Russian reasons, when a date failed (the others went on).
 */
import type { DatabaseTarget } from '../db/database.ts';
import type { CyclePlan, CycleRunResult } from '../cycle/run-cycle.ts';
import type { JobHandler } from './job-handler.ts';
import { runInWorker } from '../threads/run-in-thread.ts';
import type { DailyCycleArgs } from './tasks/daily-cycle.ts';

const task = new URL('./tasks/daily-cycle.ts', import.meta.url);

/** One line per date: the date's own message (it names the date). */
function cycleSummary(result: CycleRunResult): string {
  const lines = result.dates.length === 0 ? ['Ежедневный цикл: все даты уже готовы'] : result.dates.map((outcome) => outcome.message);
  for (const file of result.charts?.files ?? []) lines.push(file.status === 'failed' ? `ледовая карта ${file.name} не загружена: ${file.message}` : file.message);
  if (result.charts_error) lines.push(result.charts_error);
  if (result.verification_error) lines.push(result.verification_error);
  return lines.join('; ');
}

class CycleDateFailure extends Error {
  override name = 'CycleDateFailure';
}

export function dailyCycleJob(where: DatabaseTarget, plan: Omit<CyclePlan, 'jobId'>): JobHandler {
  return async ({ job, signal, progress }) => {
    const args: DailyCycleArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl, plan: { ...plan, jobId: job.id } };
    const result = await runInWorker<CycleRunResult>(task, args, { signal, onProgress: progress });
    const message = cycleSummary(result);
    if (result.dates.some((outcome) => outcome.status === 'failed')) throw new CycleDateFailure(message);
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
