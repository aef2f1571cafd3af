/**
 * GET /api/v1/report/model_architecture, /report/model_metrics and /report/datasets (signed-in users):
 * the models with their hyperparameters, their hindcast metrics (see verification/hindcast-metrics.ts for the
 * names) with the verification records' `iiee_24h`… (km², mean) and `skill_iiee_24h`… (a fraction) of the run and
 * period named in `verification` (verification/card-scores.ts: the numbers of /verification/summary), and the
 * datasets. `/model_metrics?region=arctic` (or `sector`): the verification scores of that region's records only,
 * with the region named in `verification`; the hindcast metrics are the sector's, so only the sector's answer (and
 * the answer without `region`, exactly as before) carries them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { listDatasets, listModels, modelMetrics } from '../../archive/forecast-repository.ts';
import { EXTERNAL_MODEL_TYPE } from '../../ingest/external-model.ts';
import { latestProvenance } from '../../ingest/store.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors } from '../common-schemas.ts';
import { cardScores } from '../../verification/card-scores.ts';
import { dailyModels } from '../../cycle/daily-models.ts';
import { utcDay } from '../../../../common/utc-day.ts';
import { regionIdSchema, regionQueryProperty, requestedRegion } from '../regions/region-query.ts';

const architectureReply = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      model_id: { type: 'string' },
      model_type: { type: 'string' },
      hyperparameters: { type: 'object', additionalProperties: true },
      // External models (imported forecasts): where their newest run came from.
      provenance: { type: 'object', additionalProperties: true },
      // Generated models: the dataset chosen in the form (its name as /report/datasets lists it, if it still exists).
      dataset_id: { type: 'string' },
      dataset_name: { type: 'string' },
      // The default model (DEFAULT_MODEL) and the others the daily cycle runs (server/src/cycle/).
      is_default: { type: 'boolean' },
      run_daily: { type: 'boolean' },
    },
    required: ['model_id', 'model_type', 'hyperparameters', 'is_default', 'run_daily'],
  },
} as const;

const metricsReply = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      model_id: { type: 'string' },
      metrics: { type: 'object', additionalProperties: { type: 'number' } },
      // What the verification scores among `metrics` (iiee_*, skill_iiee_*) are of: present when there are any.
      verification: {
        type: 'object',
        properties: {
          run: { type: 'string', enum: ['assim_forecast'] },
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
          // Present when the request named a region.
          region: regionIdSchema,
        },
        required: ['run', 'from', 'to'],
      },
    },
    required: ['model_id', 'metrics'],
  },
} as const;

const datasetsReply = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      dataset_id: { type: 'string' },
      dataset_name: { type: 'string' },
      metadata: { type: 'object', additionalProperties: true },
    },
    required: ['dataset_id', 'dataset_name', 'metadata'],
  },
} as const;

export const reportRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/model_architecture',
    { onRequest: [requireUser], schema: { response: { 200: architectureReply, ...commonErrors } } },
    async () => {
      const names = new Map((await listDatasets(app.db)).map((entry) => [entry.dataset_id, entry.dataset_name]));
      const daily = new Set(await dailyModels(app.db, ''));
      return Promise.all(
        (await listModels(app.db)).map(async ({ model_id, model_type, hyperparameters, dataset_id, is_default }) => {
          const provenance = model_type === EXTERNAL_MODEL_TYPE ? await latestProvenance(app.db, 'forecast', model_id) : undefined;
          const datasetName = dataset_id ? names.get(dataset_id) : undefined;
          return {
            model_id,
            model_type,
            hyperparameters,
            ...(provenance ? { provenance } : {}),
            ...(dataset_id ? { dataset_id } : {}),
            ...(datasetName ? { dataset_name: datasetName } : {}),
            is_default,
            run_daily: is_default || daily.has(model_id),
          };
        }),
      );
    },
  );

  app.get<{ Querystring: { region?: string } }>(
    '/model_metrics',
    { onRequest: [requireUser], schema: { querystring: { type: 'object', properties: regionQueryProperty }, response: { 200: metricsReply, ...commonErrors } } },
    async (request) => {
      const named = request.query.region;
      const region = requestedRegion(named).id;
      // The hindcast metrics are computed on the sector's grid only.
      const metrics = region === 'sector' ? await modelMetrics(app.db) : new Map<string, Record<string, number>>();
      const { scope, byModel } = await cardScores(app.db, utcDay(), region);
      const namedScope = named === undefined ? scope : { ...scope, region };
      return (await listModels(app.db))
        .filter((model) => metrics.has(model.model_id) || byModel.has(model.model_id))
        .map((model) => ({
          model_id: model.model_id,
          metrics: { ...metrics.get(model.model_id), ...byModel.get(model.model_id) },
          ...(byModel.has(model.model_id) ? { verification: namedScope } : {}),
        }));
    },
  );

  app.get('/datasets', { onRequest: [requireUser], schema: { response: { 200: datasetsReply, ...commonErrors } } }, async () =>
    listDatasets(app.db),
  );
};
