import type { Job } from '../api/jobs.ts';
import { ru } from '../i18n/ru.ts';
import { loadErrorMessage } from '../loading/load-error.ts';
import type { JobState } from './use-job.ts';

/** A job's status, progress bar and message (the reason when it failed). */
export function JobProgress({ state, describeResult }: { state: JobState; describeResult?: (job: Job) => string | null }) {
  const { job, error } = state;
  if (error && !job) return <p role="alert">{loadErrorMessage(error, ru.jobs.followFailed)}</p>;
  if (!job) return <p role="status">{ru.app.loading}</p>;
  const percent = Math.round(job.progress * 100);
  const result = job.status === 'succeeded' && describeResult ? describeResult(job) : null;
  return (
    <section className={`job-progress job-${job.status}`} aria-label={ru.jobs.job(job.id)} data-job-status={job.status}>
      <p role="status">
        {ru.jobs.job(job.id)}: {ru.jobs.status[job.status]}
        {job.status === 'running' ? ` — ${percent}%` : ''}
      </p>
      {!(job.status === 'succeeded' || job.status === 'failed') && (
        <progress aria-label={ru.jobs.progress} max={100} value={percent} />
      )}
      {/* The server's own words (what it is doing, or why it failed) unless the result says it in ours. */}
      {job.message && !result && <p className={job.status === 'failed' ? 'job-error' : 'job-message'}>{job.message}</p>}
      {result && <p className="job-result">{result}</p>}
      {error ? <p role="alert">{loadErrorMessage(error, ru.jobs.followFailed)}</p> : null}
    </section>
  );
}
