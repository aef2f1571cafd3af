/**
 * POST /api/v1/forecast/import (admin, superuser): multipart `file`, `model_id`, optional `date` and optional
 * `region` (sector | arctic; the sector when absent or blank) → 202 {job_id}. The job regrids the forecast lead by
 * lead (+24/+48/+72 h from the file's time axis, interpolated in time between its steps) into the region, as an
 * analysis is, and archives it as the run of the external model `model_id` on that date there, served by
 * /forecast/hist?date=&model_id=&region= and scored against the analyses (jobs/tasks/import-forecast.ts).
 * 422 {detail} up front: not NetCDF, no sea-ice variable, leads not covered, a model id of a computed model, an
 * unknown region.
 */
import type { FastifyPluginAsync } from 'fastify';
import { describeSourceGrid } from '../../../../common/regrid/index.ts';
import { OWNER_PATTERN } from '../../archive/file-store.ts';
import { findModel } from '../../archive/forecast-repository.ts';
import { HttpError } from '../../http-error.ts';
import { isExternal } from '../../ingest/external-model.ts';
import { leadSources, referenceTime } from '../../ingest/forecast-import.ts';
import { timeAxis, TimeStepError } from '../../ingest/time-axis.ts';
import { planFile } from '../../ingest/to-ice-state.ts';
import { uploadRef } from '../../jobs/job-specs.ts';
import { importRoute, uploadDate } from '../uploads/import-route.ts';
import { checkUpload } from '../uploads/upload-check.ts';
import { utcDay } from '../../../../common/utc-day.ts';
import { requestedRegion } from '../regions/region-query.ts';

/** Part of the /forecast resource (index.ts). */
export const forecastImportRoutes: FastifyPluginAsync = async (app) => {
  await importRoute(app, ['model_id', 'date', 'region'], async (upload, request) => {
    const modelId = upload.fields.model_id?.trim() ?? '';
    if (!OWNER_PATTERN.test(modelId)) throw new HttpError(422, 'Поле model_id обязательно: латинские буквы, цифры, _ и - (до 64 символов)');
    const date = uploadDate(upload);
    // A form sends the field blank for the default, as it does `date`.
    const named = upload.fields.region?.trim() || undefined;
    const region = named === undefined ? undefined : requestedRegion(named).id;
    const existing = await findModel(app.db, modelId);
    if (existing && !isExternal(existing)) {
      throw new HttpError(422, `Идентификатор ${modelId} занят моделью типа ${existing.model_type}: выберите другой model_id`);
    }
    await checkUpload(upload, (dataset) => {
      const { first } = planFile(dataset, { fileName: upload.originalName, step: { index: null, date: '' } });
      describeSourceGrid(dataset, first);
      const axis = timeAxis(dataset, first);
      if (axis.times.length === 0) throw new TimeStepError('в файле прогноза нет оси времени: заблаговременности определить нельзя');
      const day = date ?? utcDay(referenceTime(dataset) ?? axis.times[0]);
      leadSources(axis.times, Date.parse(`${day}T00:00:00Z`));
    });
    const job = await app.jobs.submit(
      'import_forecast',
      { file: upload.originalName, bytes: upload.bytes, model_id: modelId, ...(date ? { date } : {}), ...(region ? { region } : {}) },
      request.user!.id,
      { task: 'import_forecast', upload: uploadRef(app.config.dataDir, upload.path), originalName: upload.originalName, modelId, date, ...(region ? { region } : {}), userId: request.user!.id },
    );
    return job.id;
  });
};
