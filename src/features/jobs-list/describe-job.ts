/** The words of the last column of the jobs table: the error of a failed job, the outcome of a finished one. */
import type { Job } from '../../api/jobs.ts';

/** Longest result text shown in the table, characters; the cell's title holds the full text. */
const MAX_RESULT_CHARS = 160;

export function describeJob(job: Job): string {
  if (job.status === 'failed') return job.message ?? '';
  if (job.status !== 'succeeded') return job.message ?? '';
  if (job.message) return job.message;
  if (!job.result || Object.keys(job.result).length === 0) return '';
  const text = JSON.stringify(job.result);
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS - 1)}…` : text;
}

/** '24.11.2026, 08:15' in the reader's time zone. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
}
