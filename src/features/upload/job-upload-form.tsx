import type { FormEvent, ReactNode } from 'react';
import type { Job } from '../../api/jobs.ts';
import { JobStartOutcome, useJobStart } from './job-start.tsx';

/** The texts a form of this kind shows (Russian, from `src/i18n/ru/`). */
export interface JobUploadTexts {
  title: string;
  hint: string;
  file: string;
  submit: string;
  /** No file chosen (or an empty one). */
  noFile: string;
  /** The server took it and names no message of its own. */
  started: string;
  /** The request failed without a `detail`. */
  failed: string;
}

export interface JobUploadFormProps {
  /** Names the section (`<name>-upload`, its title `<name>-upload-title`). */
  name: string;
  texts: JobUploadTexts;
  /** The file types the picker offers, e.g. '.onnx'. */
  accept: string;
  /** Sends the chosen file and the form's other fields; the server answers 202 with the job it started. */
  send: (file: File, data: FormData) => Promise<{ message?: string; job_id: number }>;
  /** The job's result in words once it has finished, or null to leave it to JobProgress. */
  describeResult: (job: Job) => string | null;
  /** The form's fields after the file. */
  children?: ReactNode;
  testId?: string;
}

/**
 * An admin's upload that starts a job (an ONNX model, an ice chart): the file and the caller's fields, the server's
 * answer (its Russian `detail` when refused), then the job followed until it finishes.
 */
export function JobUploadForm({ name, texts, accept, send, describeResult, children, testId }: JobUploadFormProps) {
  const state = useJobStart(texts);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) state.refuse(texts.noFile);
    else void state.start(() => send(file, data));
  };

  return (
    <section className={`${name}-upload`} aria-labelledby={`${name}-upload-title`} data-testid={testId}>
      <h2 id={`${name}-upload-title`}>{texts.title}</h2>
      <p className="muted">{texts.hint}</p>
      <form className="admin-form" onSubmit={submit}>
        <label>
          {texts.file}
          <input type="file" name="file" accept={accept} required />
        </label>
        {children}
        <button type="submit" className="button button--primary" disabled={state.sending}>
          {texts.submit}
        </button>
      </form>
      <JobStartOutcome state={state} describeResult={describeResult} />
    </section>
  );
}
