/**
 * Every job changes the archive, so each ends with the verification step (its records brought up to date), in a
 * thread. The job's own work stands if scoring fails: the failure is in the job's message and the next run
 * catches up.
 */
import type { DatabaseTarget } from '../db/database.ts';
import { verifyInWorker } from '../verification/verification-job.ts';
import type { JobHandler } from './job-handler.ts';

/** Share of a job's progress bar the verification step takes (at its end). */
const STEP_SHARE = 0.15;

/** `handler`, then the verification step; its result gains `verification: {computed, unchanged, …}`. */
export function withVerification(handler: JobHandler, where: DatabaseTarget): JobHandler {
  return async (context) => {
    const outcome = await handler({ ...context, progress: (fraction, message) => context.progress(fraction * (1 - STEP_SHARE), message) });
    context.progress(1 - STEP_SHARE, 'оценка прогнозов по анализам');
    try {
      const verification = await verifyInWorker(where, {
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
