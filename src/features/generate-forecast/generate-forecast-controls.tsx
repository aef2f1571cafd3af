/**
 * The request half of /generate-forecast's sidebar: the region ('Район', the sector by default), an analysis date of
 * that region, the models as checkboxes, 'Сделать прогноз' (enabled once a date and a model are chosen), then the
 * job's progress. Nothing is requested for the map before the button is pressed; when the job succeeds `onReady`
 * hands the run (date, models, region) over to the map.
 */
import { useEffect, useState } from 'react';
import type { RegionId } from '../../../common/regions/types.ts';
import { generateForecast } from '../../api/admin.ts';
import { isApiError } from '../../api/client.ts';
import { regionQuery } from '../../api/region-query.ts';
import { databaseUnavailableMessage } from '../../loading/load-error.ts';
import type { Job } from '../../api/jobs.ts';
import { fetchModelArchitectures } from '../../api/reports.ts';
import { ru } from '../../i18n/ru.ts';
import { JobProgress } from '../../job-tracking/job-progress.tsx';
import { LoadErrorView } from '../../loading/load-error-view.tsx';
import { useJob } from '../../job-tracking/use-job.ts';
import { useLoad } from '../../loading/use-load.ts';
import { StartChoice } from './start-choice.tsx';
import { useAnalysisDates } from './use-analysis-dates.ts';
import './generate-forecast.css';

export interface ForecastRun {
  date: string;
  modelIds: string[];
  /** Where the models ran: their files are that region's. */
  region: RegionId;
}

/** Every model runs in either region (a network only in its spec's: the server says so). */
const loadModelIds = async (signal: AbortSignal): Promise<string[]> => (await fetchModelArchitectures({ signal })).map((model) => model.model_id);

/** What a succeeded forecast job produced: the date and the models run. */
function describeForecastResult(job: Job): string | null {
  const date = job.result?.date;
  const models = job.result?.model_ids;
  if (typeof date !== 'string' || !Array.isArray(models)) return null;
  return ru.generateForecast.done(date, models.join(', '));
}

export function GenerateForecastControls({ onReady }: { onReady: (run: ForecastRun) => void }) {
  const choices = useLoad(loadModelIds);
  const [region, setRegion] = useState<RegionId>('sector');
  const dates = useAnalysisDates(region);
  const [date, setDate] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ jobId: number; run: ForecastRun } | null>(null);
  const job = useJob(submitted?.jobId ?? null);

  // Hand the run to the map once, when its job has succeeded.
  const succeeded = job.job?.status === 'succeeded' ? job.job.id : null;
  useEffect(() => {
    if (succeeded !== null && submitted && submitted.jobId === succeeded) onReady(submitted.run);
  }, [succeeded, submitted, onReady]);

  const toggle = (modelId: string, on: boolean) =>
    setChosen((current) => (on ? [...current, modelId] : current.filter((id) => id !== modelId)));

  const submit = async () => {
    if (!date || chosen.length === 0) return;
    const models = choices.state.status === 'ready' ? choices.state.data : chosen;
    // Keep the catalogue's order, whatever order the boxes were ticked in.
    const run: ForecastRun = { date, modelIds: models.filter((id) => chosen.includes(id)), region };
    setSending(true);
    setRequestError(null);
    setSubmitted(null);
    try {
      // The sector's request names no region: the same body (and job) as before the regions.
      const reply = await generateForecast({ date: run.date, model_ids: run.modelIds, ...regionQuery(run.region) });
      setSubmitted({ jobId: reply.job_id, run });
    } catch (error) {
      setRequestError(databaseUnavailableMessage(error) ?? (isApiError(error, 'status') && error.detail ? error.detail : ru.generateForecast.failed));
    } finally {
      setSending(false);
    }
  };

  if (choices.state.status === 'loading') return <p role="status">{ru.app.loading}</p>;
  if (choices.state.status === 'error') return <LoadErrorView error={choices.state.error} onRetry={choices.retry} />;
  const modelIds = choices.state.data;
  // Another region's analyses are other dates: the date is chosen again.
  const chooseRegion = (next: RegionId) => {
    setRegion(next);
    setDate('');
  };

  return (
    <div className="generate-forecast-controls">
      <StartChoice region={region} onRegion={chooseRegion} dates={dates} date={date} onDate={setDate} />
      <fieldset className="forecast-sidebar__group generate-forecast-models">
        <legend className="forecast-sidebar__title">{ru.generateForecast.models}</legend>
        {modelIds.length === 0 && <p className="forecast-sidebar__note">{ru.generateForecast.noModels}</p>}
        {modelIds.map((modelId) => (
          <label key={modelId} className="forecast-sidebar__check">
            <input
              type="checkbox"
              checked={chosen.includes(modelId)}
              onChange={(event) => toggle(modelId, event.target.checked)}
            />
            {ru.generateForecast.model(modelId)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button--primary button--wide"
        disabled={!date || chosen.length === 0 || sending}
        onClick={() => void submit()}
      >
        {ru.generateForecast.submit}
      </button>
      {!submitted && !requestError && !sending && <p className="forecast-sidebar__note">{ru.generateForecast.hint}</p>}
      {sending && <p role="status">{ru.generateModel.sending}</p>}
      {requestError && (
        <p className="forecast-sidebar__error" role="alert">
          {requestError}
        </p>
      )}
      {submitted && <JobProgress state={job} describeResult={describeForecastResult} />}
    </div>
  );
}
