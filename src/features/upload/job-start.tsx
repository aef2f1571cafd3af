/**
 * What every admin action on /upload that starts a job shares: the request sent once at a time, the server's answer
 * (its Russian `detail` when refused, the database's absence in Russian, else the caller's words), then the job followed until it finishes.
 */
import { useState, type Dispatch, type SetStateAction } from 'react';
import { isApiError } from '../../api/client.ts';
import type { Job } from '../../api/jobs.ts';
import { JobProgress } from '../../job-tracking/job-progress.tsx';
import { useJob, type JobState } from '../../job-tracking/use-job.ts';
import { databaseUnavailableMessage } from '../../loading/load-error.ts';

export type JobOutcome = { ok: boolean; text: string } | null;

export interface JobStart {
  outcome: JobOutcome;
  sending: boolean;
  jobId: number | null;
  job: JobState;
  /** Follow a job started elsewhere (before a reload, by another admin). */
  setJobId: Dispatch<SetStateAction<number | null>>;
  /** Say why nothing was sent. */
  refuse: (text: string) => void;
  /** Send the request; the job it started is followed. */
  start: (send: () => Promise<{ message?: string; job_id: number }>) => Promise<void>;
}

export function useJobStart(texts: { started: string; failed: string }): JobStart {
  const [outcome, setOutcome] = useState<JobOutcome>(null);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId);

  const start = async (send: () => Promise<{ message?: string; job_id: number }>) => {
    setOutcome(null);
    setSending(true);
    try {
      const reply = await send();
      setOutcome({ ok: true, text: reply.message || texts.started });
      setJobId(reply.job_id);
    } catch (error) {
      const detail = isApiError(error, 'status') ? error.detail : null;
      setOutcome({ ok: false, text: databaseUnavailableMessage(error) ?? (detail || texts.failed) });
    } finally {
      setSending(false);
    }
  };

  return { outcome, sending, jobId, job, setJobId, refuse: (text) => setOutcome({ ok: false, text }), start };
}

/** The answer, then the job's progress (with its result in words once finished). */
export function JobStartOutcome({ state, describeResult }: { state: JobStart; describeResult: (job: Job) => string | null }) {
  const { outcome, jobId, job } = state;
  return (
    <>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'job-message' : 'job-error'}>
          {outcome.text}
        </p>
      )}
      {jobId !== null && <JobProgress state={job} describeResult={describeResult} />}
    </>
  );
}
