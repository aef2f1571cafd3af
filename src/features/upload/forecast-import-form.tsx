import { importForecast } from '../../api/admin.ts';
import type { Job } from '../../api/jobs.ts';
import { RegionOptions } from '../../components/region-options.tsx';
import { ru } from '../../i18n/ru.ts';
import { isRegionId } from '../../../common/regions/index.ts';
import { JobUploadForm } from './job-upload-form.tsx';

const t = ru.forecastImport;

/** The job's result in words: the model, the forecast date and the region it was regridded into (the sector's when none). */
function describeResult(job: Job): string | null {
  const { model_id: modelId, date, region } = job.result ?? {};
  if (typeof modelId !== 'string' || typeof date !== 'string') return null;
  return t.done(modelId, date, ru.regions.names[isRegionId(region) ? region : 'sector']);
}

const send = (file: File, data: FormData) => {
  const region = data.get('region');
  return importForecast(file, {
    modelId: String(data.get('model_id') ?? '').trim(),
    date: String(data.get('date') ?? '') || undefined,
    // The sector is the server's default: asked for without `region`, as before the choice existed.
    region: isRegionId(region) && region !== 'sector' ? region : undefined,
  });
};

/**
 * 'Импортировать прогноз внешней модели': another system's forecast file, the external model's id, the forecast date
 * when the file's own is not meant, and 'Район' to regrid it into; the import job followed below.
 */
export function ForecastImportForm() {
  return (
    <JobUploadForm name="forecast-import" texts={t} accept=".nc,.nc4,.cdf" send={send} describeResult={describeResult} testId="forecast-import">
      <label>
        {t.modelId}
        <input type="text" name="model_id" required pattern="[A-Za-z0-9_\-]{1,64}" autoComplete="off" />
      </label>
      <label>
        {t.date}
        <input type="date" name="date" />
      </label>
      <label>
        {ru.regions.label}
        <select name="region" defaultValue="sector">
          <RegionOptions />
        </select>
      </label>
    </JobUploadForm>
  );
}
