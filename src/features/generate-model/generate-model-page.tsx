import { useState, type FormEvent } from 'react';
import { generateModel } from '../../api/admin.ts';
import { fetchDatasets } from '../../api/reports.ts';
import { isApiError } from '../../api/client.ts';
import { ru } from '../../i18n/ru.ts';
import { findFamily, modelFamilies, systemPromptFor } from '../../../common/model-families.ts';
import { JobProgress } from '../../job-tracking/job-progress.tsx';
import { loadErrorMessage } from '../../loading/load-error.ts';
import { useJob } from '../../job-tracking/use-job.ts';
import { useLoad } from '../../loading/use-load.ts';
import '../catalog.css';

type Feedback = 'fillAll' | 'sending' | 'sent' | 'failed' | null;

const loadDatasets = (signal: AbortSignal) => fetchDatasets({ signal });

/** /generate-model: a model request from a system prompt sample, content, dataset and experiment name. */
export function GenerateModelPage() {
  const [content, setContent] = useState('');
  const [promptId, setPromptId] = useState('');
  const [dataset, setDataset] = useState('');
  const [experiment, setExperiment] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [failureDetail, setFailureDetail] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const datasets = useLoad(loadDatasets);
  const job = useJob(jobId);
  const family = findFamily(promptId);
  // A request the job then refuses (say, a generated model of another family) failed too; the job says why.
  const shown: Feedback = job.job?.status === 'failed' ? 'failed' : feedback;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = {
      content: content.trim(),
      prompt_id: promptId,
      dataset,
      experiment_name: experiment.trim(),
    };
    // Checked here, not by `required`: the message must show whatever the browser would do.
    if (!request.content || !request.prompt_id || !request.dataset || !request.experiment_name) {
      setFeedback('fillAll');
      setFailureDetail(null);
      return;
    }
    setFeedback('sending');
    setFailureDetail(null);
    setJobId(null);
    try {
      const reply = await generateModel(request);
      setFeedback('sent');
      setJobId(reply.job_id);
    } catch (error) {
      console.warn('Model generation request failed:', error);
      setFeedback('failed');
      setFailureDetail(isApiError(error, 'status') ? error.detail : null);
    }
  };

  return (
    <div className="catalog-page">
      <h1>{ru.generateModel.title}</h1>
      <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <label>
          {ru.generateModel.prompt}
          <select value={promptId} onChange={(event) => setPromptId(event.target.value)}>
            <option value="">{ru.generateModel.promptPlaceholder}</option>
            {modelFamilies.map((entry) => (
              <option key={entry.promptId} value={entry.promptId}>
                {ru.generateModel.families[entry.promptId]}
              </option>
            ))}
          </select>
        </label>
        {family && (
          <details>
            <summary>{ru.generateModel.promptSample}</summary>
            <pre>{systemPromptFor(family)}</pre>
          </details>
        )}
        <label>
          {ru.generateModel.content}
          <textarea
            value={content}
            placeholder={ru.generateModel.contentPlaceholder}
            onChange={(event) => setContent(event.target.value)}
          />
        </label>
        {family && (
          <button type="button" className="button" onClick={() => setContent(family.contentExample)}>
            {ru.generateModel.contentSample}
          </button>
        )}
        <label>
          {ru.generateModel.dataset}
          <select value={dataset} onChange={(event) => setDataset(event.target.value)}>
            <option value="">{ru.generateModel.datasetPlaceholder}</option>
            {datasets.state.status === 'ready' &&
              datasets.state.data.map((entry) => (
                <option key={String(entry.dataset_id)} value={entry.dataset_name}>
                  {entry.dataset_name}
                </option>
              ))}
          </select>
        </label>
        {datasets.state.status === 'error' && <p role="alert">{loadErrorMessage(datasets.state.error)}</p>}
        {datasets.state.status === 'ready' && datasets.state.data.length === 0 && (
          <p className="muted">{ru.generateModel.noDatasets}</p>
        )}
        <label>
          {ru.generateModel.experiment}
          <input
            type="text"
            value={experiment}
            placeholder={ru.generateModel.experimentPlaceholder}
            onChange={(event) => setExperiment(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={feedback === 'sending'}>
          {ru.generateModel.submit}
        </button>
        {shown && <p role={shown === 'fillAll' || shown === 'failed' ? 'alert' : 'status'}>{ru.generateModel[shown]}</p>}
        {feedback === 'failed' && failureDetail && <p className="job-error">{failureDetail}</p>}
      </form>
      {jobId !== null && <JobProgress state={job} describeResult={describeModelResult} />}
    </div>
  );
}

function describeModelResult(job: { result: Record<string, unknown> | null }): string | null {
  const modelId = job.result?.model_id;
  return typeof modelId === 'string' ? ru.generateModel.registered(modelId) : null;
}
