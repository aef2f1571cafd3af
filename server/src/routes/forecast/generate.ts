/**
 * POST /api/v1/forecast/generate (admin, superuser) {date, model_ids, region?}: a job runs each model from the
 * analysis of `date` in the region (the sector when absent) and writes its files, then served by
 * /forecast/hist?date=&model_id=&region=. 202 {job_id}; an unknown model or region is 422 (so is a network in a
 * region other than the sector), a date without an archived analysis in the region 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { analysisDates } from '../../archive/pipeline.ts';
import { isIsoDate } from '../../archive/file-store.ts';
import { findModel } from '../../archive/forecast-repository.ts';
import { EXTERNAL_MODEL_TYPE } from '../../ingest/external-model.ts';
import { HttpError } from '../../http-error.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { startedJobSchema } from '../jobs/job-schema.ts';
import type { GenerateForecastRequest } from '../../../../common/api-types/admin.ts';
import { ONNX_MODEL_TYPE, networkRegion } from '../../models/onnx/onnx-model.ts';
import { requestedRegion } from '../regions/region-query.ts';
import { inRegion } from '../archive-files/hist-route.ts';

/** How many models one request may run: each takes seconds and writes two 30 MB files. */
const MAX_MODELS_PER_REQUEST = 10;

const body = {
  type: 'object',
  required: ['date', 'model_ids'],
  additionalProperties: false,
  properties: {
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    region: { type: 'string', maxLength: 32, description: "the region to run in (sector | arctic); the sector when absent" },
    model_ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_MODELS_PER_REQUEST,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
} as const;

export const generateForecastRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: GenerateForecastRequest }>(
    '/generate',
    {
      onRequest: [requireAdmin],
      schema: { body, response: { 202: startedJobSchema, 404: errorReply, ...commonErrors } },
    },
    async (request, reply) => {
      const { date, model_ids, region: named } = request.body;
      const region = requestedRegion(named);
      if (!isIsoDate(date)) throw new HttpError(422, `date must be a calendar date YYYY-MM-DD, got ${date}`);
      const models = await Promise.all(model_ids.map((id) => findModel(app.db, id)));
      const unknown = model_ids.filter((_, k) => !models[k]);
      if (unknown.length > 0) throw new HttpError(422, `Unknown model(s): ${unknown.join(', ')}`);
      // External models' runs are imported files (POST /forecast/import), never computed here.
      const external = model_ids.filter((_, k) => models[k]?.model_type === EXTERNAL_MODEL_TYPE);
      if (external.length > 0) throw new HttpError(422, `External model(s) cannot be run, their forecasts are imported: ${external.join(', ')}`);
      // A network runs on the grid it was trained on (its spec's region).
      const elsewhere = model_ids.filter((_, k) => models[k]?.model_type === ONNX_MODEL_TYPE && networkRegion(models[k]!).id !== region.id);
      if (elsewhere.length > 0) throw new HttpError(422, `Network model(s) trained for another region than ${region.id}: ${elsewhere.join(', ')}`);
      const ctx = { db: app.db, dataDir: app.config.dataDir, region };
      if (!(await analysisDates(ctx)).includes(date)) throw new HttpError(404, `No analysis archived for ${date}${inRegion(region)}`);
      // Without `region`, the job is recorded exactly as before.
      const job = await app.jobs.submit(
        'generate_forecast',
        named === undefined ? { date, model_ids } : { date, model_ids, region: region.id },
        request.user!.id,
        { task: 'generate_forecast', date, modelIds: model_ids, ...(named !== undefined && { region: region.id }) },
      );
      return reply.code(202).send({ job_id: job.id });
    },
  );
};
