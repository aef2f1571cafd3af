/**
 * Follow one job: poll GET /jobs/{id} until it has succeeded or failed. A failed poll is retried a few times
 * before the hook gives up and reports the error (the job itself keeps running on the server).
 */
import { useEffect, useState } from 'react';
import { fetchJob, isFinished, type Job } from '../api/jobs.ts';

/** How often to ask, ms: progress moves in steps of seconds; faster polling only loads the server. */
const JOB_POLL_MS = 1000;
/** Consecutive failed polls tolerated before showing an error. */
const MAX_POLL_FAILURES = 3;

export interface JobState {
  job: Job | null;
  error: unknown;
}

export function useJob(jobId: number | null, pollMs: number = JOB_POLL_MS): JobState {
  const [state, setState] = useState<JobState & { id: number | null }>({ id: jobId, job: null, error: null });
  useEffect(() => {
    if (jobId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const poll = async () => {
      try {
        const job = await fetchJob(jobId, { signal: controller.signal });
        if (controller.signal.aborted) return;
        failures = 0;
        setState({ id: jobId, job, error: null });
        if (!isFinished(job)) timer = setTimeout(poll, pollMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) setState((previous) => ({ ...previous, id: jobId, error }));
        else timer = setTimeout(poll, pollMs);
      }
    };
    void poll();
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [jobId, pollMs]);
  // A state left over from the previous job id is not shown for the new one.
  return state.id === jobId ? { job: state.job, error: state.error } : { job: null, error: null };
}
