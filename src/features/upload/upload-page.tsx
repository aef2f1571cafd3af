import { useEffect, useState } from 'react';
import { forceFetchData } from '../../api/admin.ts';
import { isApiError } from '../../api/client.ts';
import { fetchJobs, isFinished, type Job } from '../../api/jobs.ts';
import { ru } from '../../i18n/ru.ts';
import { JobProgress } from '../../job-tracking/job-progress.tsx';
import { useJob } from '../../job-tracking/use-job.ts';
import '../catalog.css';
import { OnnxModelForm } from './onnx-model-form.tsx';
import { IceChartForm } from './ice-chart-form.tsx';

type Outcome = { ok: boolean; text: string } | null;

/** What an upload job produced, from its result: the date it loaded. */
function describeUploadResult(job: Job): string | null {
  const date = job.result?.date;
  return typeof date === 'string' ? ru.upload.done(date) : null;
}

/** /upload: start the ingest of today's data and follow its job; upload an ONNX model; import an ice chart. */
export function UploadPage() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId);

  // An upload already under way (started before a reload, or by another admin) is followed from the start.
  useEffect(() => {
    const controller = new AbortController();
    fetchJobs({ signal: controller.signal }).then(
      (jobs) => {
        // The daily cycle's run, asked for or scheduled: the button would be refused (409) while it goes on.
        const active = jobs.find((entry) => (entry.kind === 'force_fetch_data' || entry.kind === 'daily_cycle') && !isFinished(entry));
        if (active && !controller.signal.aborted) setJobId((current) => current ?? active.id);
      },
      () => undefined, // only a convenience: the button still works
    );
    return () => controller.abort();
  }, []);

  const start = async () => {
    setOutcome(null);
    setSending(true);
    try {
      const reply = await forceFetchData();
      setOutcome({ ok: true, text: reply.message || ru.upload.started });
      setJobId(reply.job_id);
    } catch (error) {
      const detail = isApiError(error, 'status') ? error.detail : null;
      setOutcome({ ok: false, text: detail || ru.upload.failed });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="catalog-page">
      <h1>{ru.upload.title}</h1>
      <button type="button" className="button button--primary" onClick={() => void start()} disabled={sending}>
        {ru.upload.button}
      </button>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'job-message' : 'job-error'}>
          {outcome.text}
        </p>
      )}
      {jobId !== null && <JobProgress state={job} describeResult={describeUploadResult} />}
      <OnnxModelForm />
      <IceChartForm />
    </div>
  );
}
