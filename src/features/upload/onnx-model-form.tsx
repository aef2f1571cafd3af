import { useState, type FormEvent } from 'react';
import { uploadOnnxModel } from '../../api/admin.ts';
import { isApiError } from '../../api/client.ts';
import type { Job } from '../../api/jobs.ts';
import { ru } from '../../i18n/ru.ts';
import { JobProgress } from '../../job-tracking/job-progress.tsx';
import { useJob } from '../../job-tracking/use-job.ts';

/** The smallest spec that fits any export: one variable, the start day only, no normalisation. */
const SAMPLE_SPEC = `{
  "input": {"variables": ["concentration"], "history_days": 1, "mean": [0], "std": [1], "fill": 0},
  "output": {"variables": ["concentration"], "mean": [0], "std": [1]}
}
`;

type Outcome = { ok: boolean; text: string } | null;

function describeResult(job: Job): string | null {
  const id = job.result?.model_id;
  return typeof id === 'string' ? ru.onnxUpload.done(id) : null;
}

/** 'Загрузить модель ONNX': a trained network, its id and spec; the registration job followed below. */
export function OnnxModelForm() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setOutcome({ ok: false, text: ru.onnxUpload.noFile });
      return;
    }
    setOutcome(null);
    setSending(true);
    try {
      const reply = await uploadOnnxModel(file, String(data.get('model_id') ?? '').trim(), String(data.get('spec') ?? ''));
      setOutcome({ ok: true, text: reply.message || ru.onnxUpload.started });
      setJobId(reply.job_id);
    } catch (error) {
      const detail = isApiError(error, 'status') ? error.detail : null;
      setOutcome({ ok: false, text: detail || ru.onnxUpload.failed });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="onnx-upload" aria-labelledby="onnx-upload-title">
      <h2 id="onnx-upload-title">{ru.onnxUpload.title}</h2>
      <p className="muted">{ru.onnxUpload.hint}</p>
      <form className="admin-form" onSubmit={(event) => void submit(event)}>
        <label>
          {ru.onnxUpload.file}
          <input type="file" name="file" accept=".onnx" required />
        </label>
        <label>
          {ru.onnxUpload.modelId}
          <input type="text" name="model_id" required pattern="[A-Za-z0-9_\-]{1,64}" autoComplete="off" />
        </label>
        <label>
          {ru.onnxUpload.spec}
          <textarea name="spec" rows={5} defaultValue={SAMPLE_SPEC} spellCheck={false} />
        </label>
        <button type="submit" className="button button--primary" disabled={sending}>
          {ru.onnxUpload.submit}
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
