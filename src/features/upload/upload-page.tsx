import { useEffect } from 'react';
import { forceFetchData } from '../../api/admin.ts';
import { fetchJobs, isFinished, type Job } from '../../api/jobs.ts';
import { ru } from '../../i18n/ru.ts';
import '../catalog.css';
import { JobStartOutcome, useJobStart } from './job-start.tsx';
import { OnnxModelForm } from './onnx-model-form.tsx';
import { IceChartForm } from './ice-chart-form.tsx';
import { ForecastImportForm } from './forecast-import-form.tsx';

/** What an upload job produced, from its result: the date it loaded. */
function describeUploadResult(job: Job): string | null {
  const date = job.result?.date;
  return typeof date === 'string' ? ru.upload.done(date) : null;
}

/** /upload: start the ingest of today's data and follow its job; upload an ONNX model; import a forecast or an ice chart. */
export function UploadPage() {
  const state = useJobStart(ru.upload);
  const { setJobId } = state;

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
  }, [setJobId]);

  return (
    <div className="catalog-page">
      <h1>{ru.upload.title}</h1>
      <button type="button" className="button button--primary" onClick={() => void state.start(forceFetchData)} disabled={state.sending}>
        {ru.upload.button}
      </button>
      <JobStartOutcome state={state} describeResult={describeUploadResult} />
      <OnnxModelForm />
      <ForecastImportForm />
      <IceChartForm />
    </div>
  );
}
