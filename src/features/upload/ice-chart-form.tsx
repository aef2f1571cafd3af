import { useState, type FormEvent } from 'react';
import { CHART_SOURCES } from '../../../common/api-types/icecharts.ts';
import { isApiError } from '../../api/client.ts';
import { uploadIceChart } from '../../api/icecharts.ts';
import type { Job } from '../../api/jobs.ts';
import { ru } from '../../i18n/ru.ts';
import { JobProgress } from '../../job-tracking/job-progress.tsx';
import { useJob } from '../../job-tracking/use-job.ts';

const t = ru.iceChartUpload;

type Outcome = { ok: boolean; text: string } | null;

function describeResult(job: Job): string | null {
  const { source, valid_time: validTime, polygons } = job.result ?? {};
  if (typeof source !== 'string' || typeof validTime !== 'string' || typeof polygons !== 'number') return null;
  return t.done(source, validTime.slice(0, 16).replace('T', ' '), polygons);
}

/** A `datetime-local` value read as UTC ('2014-02-11T00:00' → '2014-02-11T00:00:00Z'); '' stays unset. */
export function utcTime(local: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00Z` : undefined;
}

/**
 * 'Загрузить ледовую карту': an ice service's SIGRID-3 chart (zip or `.imz`), its valid time and service when the
 * file's name does not say them, and whether to replace the same chart; the import job followed below (its Russian
 * reason when the set is refused).
 */
export function IceChartForm() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setOutcome({ ok: false, text: t.noFile });
      return;
    }
    setOutcome(null);
    setSending(true);
    try {
      const reply = await uploadIceChart(file, {
        validTime: utcTime(String(data.get('valid_time') ?? '')),
        source: String(data.get('source') ?? '').trim() || undefined,
        replace: data.get('replace') === 'on',
      });
      setOutcome({ ok: true, text: reply.message || t.started });
      setJobId(reply.job_id);
    } catch (error) {
      const detail = isApiError(error, 'status') ? error.detail : null;
      setOutcome({ ok: false, text: detail || t.failed });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="ice-chart-upload" aria-labelledby="ice-chart-upload-title" data-testid="ice-chart-upload">
      <h2 id="ice-chart-upload-title">{t.title}</h2>
      <p className="muted">{t.hint}</p>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <label>
          {t.file}
          <input type="file" name="file" accept=".zip,.imz" required />
        </label>
        <label>
          {t.validTime}
          <input type="datetime-local" name="valid_time" />
        </label>
        <label>
          {t.source}
          <input type="text" name="source" list="ice-chart-sources" maxLength={64} autoComplete="off" />
          <datalist id="ice-chart-sources">
            {CHART_SOURCES.map((source) => (
              <option key={source} value={source} />
            ))}
          </datalist>
        </label>
        <label className="admin-form__check">
          <input type="checkbox" name="replace" />
          {t.replace}
        </label>
        <button type="submit" className="button button--primary" disabled={sending}>
          {t.submit}
        </button>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'job-message' : 'job-error'}>
          {outcome.text}
        </p>
      )}
      {jobId !== null && <JobProgress state={job} describeResult={describeResult} />}
    </section>
  );
}
