/**
 * The jobs list, polled: every ACTIVE_POLL_MS while a job is queued or running (progress moves), every
 * IDLE_POLL_MS otherwise (to notice new jobs). A failed poll keeps the last list and shows the error.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchJobs, isFinished, type Job } from '../../api/jobs.ts';

const ACTIVE_POLL_MS = 2000;
const IDLE_POLL_MS = 15_000;

export interface JobsListState {
  jobs: Job[] | null;
  error: unknown;
}

export function useJobsList(): JobsListState & { retry: () => void } {
  const [state, setState] = useState<JobsListState>({ jobs: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let next = IDLE_POLL_MS;
      try {
        const jobs = await fetchJobs({ signal: controller.signal });
        if (controller.signal.aborted) return;
        setState({ jobs, error: null });
        if (jobs.some((job) => !isFinished(job))) next = ACTIVE_POLL_MS;
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((previous) => ({ ...previous, error }));
      }
      timer = setTimeout(() => void poll(), next);
    };
    void poll();
    return () => {
      controller.abort();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
