/**
 * Every job changes the archive, so each ends with the verification step (its records brought up to date), in a
 * thread. The job's own work stands if scoring fails: the failure is in the job's message and the next run
 * catches up. What the step scores follows what the job changed: after a chart import only that chart's records
 * (a chart changes no forecast and no analysis), after any other job every record.
 */
import type { DatabaseTarget } from '../db/database.ts';
import { verifyChartsInWorker, verifyInWorker } from '../verification/verification-job.ts';
import type { JobHandler, JobOutcome } from './job-handler.ts';

/** Share of a job's progress bar the verification step takes (at its end). */
const STEP_SHARE = 0.15;

type StepOptions = { signal: AbortSignal; onProgress: (fraction: number, message?: string) => void };

/** What the step scores after a job, and how its progress bar names it. */
export interface VerificationStep {
  label: string;
  run: (result: JobOutcome['result'], options: StepOptions) => Promise<object>;
}

/** Every record: against the analyses, then against the ice charts. */
export const everyRecord = (where: DatabaseTarget): VerificationStep => ({
  label: 'оценка прогнозов по анализам',
  run: (_result, options) => verifyInWorker(where, options),
});

/** The records against the chart the job stored (its result's `chart_id`). */
export const chartRecords = (where: DatabaseTarget): VerificationStep => ({
  label: 'оценка прогнозов по ледовой карте',
  run: (result, options) => verifyChartsInWorker(where, [Number(result.chart_id)], options),
});

/** `handler`, then the verification step; its result gains `verification: {…}` (what the step did). */
export function withVerification(handler: JobHandler, where: DatabaseTarget, step: VerificationStep = everyRecord(where)): JobHandler {
  return async (context) => {
    const outcome = await handler({ ...context, progress: (fraction, message) => context.progress(fraction * (1 - STEP_SHARE), message) });
    context.progress(1 - STEP_SHARE, step.label);
    try {
      const verification = await step.run(outcome.result, {
        signal: context.signal,
        onProgress: (fraction, message) => context.progress(1 - STEP_SHARE + STEP_SHARE * fraction, message),
      });
      return { ...outcome, result: { ...outcome.result, verification: { ...verification } } };
    } catch (error) {
      if (context.signal.aborted) throw error;
      return { ...outcome, message: `${outcome.message ?? ''}; оценка прогнозов не выполнена: ${(error as Error).message}`.replace(/^; /, '') };
    }
  };
}
