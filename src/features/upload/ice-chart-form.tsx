import { CHART_SOURCES } from '../../../common/api-types/icecharts.ts';
import { uploadIceChart } from '../../api/icecharts.ts';
import type { Job } from '../../api/jobs.ts';
import { ru } from '../../i18n/ru.ts';
import { JobUploadForm } from './job-upload-form.tsx';

const t = ru.iceChartUpload;

function describeResult(job: Job): string | null {
  const { source, valid_time: validTime, polygons } = job.result ?? {};
  if (typeof source !== 'string' || typeof validTime !== 'string' || typeof polygons !== 'number') return null;
  return t.done(source, validTime.slice(0, 16).replace('T', ' '), polygons);
}

/** A `datetime-local` value read as UTC ('2014-02-11T00:00' → '2014-02-11T00:00:00Z'); '' stays unset. */
export function utcTime(local: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00Z` : undefined;
}

const send = (file: File, data: FormData) =>
  uploadIceChart(file, {
    validTime: utcTime(String(data.get('valid_time') ?? '')),
    source: String(data.get('source') ?? '').trim() || undefined,
    replace: data.get('replace') === 'on',
  });

/**
 * 'Загрузить ледовую карту': an ice service's SIGRID-3 chart (zip or `.imz`), its valid time and service when the
 * file's name does not say them, and whether to replace the same chart; the import job followed below (its Russian
 * reason when the set is refused).
 */
export function IceChartForm() {
  return (
    <JobUploadForm name="ice-chart" texts={t} accept=".zip,.imz" send={send} describeResult={describeResult} testId="ice-chart-upload">
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
    </JobUploadForm>
  );
}
