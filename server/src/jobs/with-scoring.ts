/**
 * Every job changes the archive, so each ends with the scoring step (`scoreInThread`: the verification records and
 * the models' metrics brought up to date, `../verification/score-archive.ts`), the daily cycle's included. The
 * job's own work stands if scoring fails: the failure is in the job's message and the next run catches up. What
 * must wait for the scores (the cycle's retention: a date's files go only once their records exist) is `after`.
 * A job that can only have made some scores stale names them (`scope`): a chart import, its chart's records.
 */
import type { DatabaseTarget } from '../db/database.ts';
import { scoreChartsInThread, scoreInThread, type ScoringScope } from '../verification/scoring.ts';
import type { JobContext, JobHandler, JobOutcome } from './job-handler.ts';

/** Share of a job's progress bar the scoring step (and what follows it) takes, at its end. */
const STEP_SHARE = 0.15;

/**
 * A job that failed although part of its work stands (a daily cycle with one date failed and others archived):
 * its work is scored before it fails with this message.
 */
export class PartlyDone extends Error {
  override name = 'PartlyDone';
}

/** What runs once the scores are current, given the job's outcome and its context; returns the outcome to store. */
export type AfterScoring = (outcome: JobOutcome, context: JobContext) => Promise<JobOutcome>;

/** What a job's outcome leaves to score (absent: everything). */
export type ScopeOf = (outcome: JobOutcome) => ScoringScope;

/** A chart import: only the records against its chart (a chart changes no forecast or analysis). */
export const chartScope: ScopeOf = (outcome) => ({ chartIds: [Number(outcome.result.chart_id)] });

/** `handler`, then the scoring step; its result gains `verification: {computed, unchanged, …, metrics_recomputed}`. */
export function withScoring(handler: JobHandler, where: DatabaseTarget, after?: AfterScoring, scope?: ScopeOf): JobHandler {
  return async (context) => {
    let partly: PartlyDone | undefined;
    let outcome: JobOutcome;
    try {
      outcome = await handler({ ...context, progress: (fraction, message) => context.progress(fraction * (1 - STEP_SHARE), message) });
    } catch (error) {
      if (!(error instanceof PartlyDone)) throw error;
      partly = error;
      outcome = { result: {}, message: error.message };
    }
    const only = scope && !partly ? scope(outcome) : undefined;
    context.progress(1 - STEP_SHARE, only?.chartIds ? 'оценка прогнозов по ледовой карте' : 'оценка прогнозов по анализам');
    try {
      const options = { signal: context.signal, onProgress: (fraction: number, message?: string) => context.progress(1 - STEP_SHARE + STEP_SHARE * fraction, message) };
      const scores = only?.chartIds ? await scoreChartsInThread(where, only.chartIds, options) : await scoreInThread(where, options);
      outcome = { ...outcome, result: { ...outcome.result, verification: { ...scores } } };
    } catch (error) {
      if (context.signal.aborted) throw error;
      const message = `${outcome.message ?? ''}; оценка прогнозов не выполнена: ${(error as Error).message}`.replace(/^; /, '');
      // Nothing that waits for the scores runs; the next run scores and catches up.
      if (partly) throw new PartlyDone(message);
      return { ...outcome, message };
    }
    if (after) outcome = await after(outcome, context);
    if (partly) throw new PartlyDone(outcome.message ?? partly.message);
    return outcome;
  };
}
