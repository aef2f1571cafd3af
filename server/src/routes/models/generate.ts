/**
 * POST /api/v1/models/generate (admin, superuser) {content, prompt_id, dataset, experiment_name}: store the
 * request and start a job that turns it into a model (template or LLM generator), registers it under the
 * experiment's name with the chosen dataset (by id or name) and computes its hindcast metrics on that dataset's
 * analyses. 202 {job_id}. A generated spec of another family than the prompt's fails the job, registering nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { findModel, listDatasets } from '../../archive/forecast-repository.ts';
import { HttpError } from '../../http-error.ts';
import { findFamily, modelFamilies } from '../../../../common/model-families.ts';
import { selectGenerator } from '../../model-generation/select-generator.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { startedJobSchema } from '../jobs/job-schema.ts';
import type { GenerateModelRequest } from '../../../../common/api-types/admin.ts';

const body = {
  type: 'object',
  required: ['content', 'prompt_id', 'dataset', 'experiment_name'],
  additionalProperties: false,
  properties: {
    // key=value lines or JSON; an LLM prompt may be longer prose, 20 000 characters is plenty.
    content: { type: 'string', minLength: 1, maxLength: 20_000 },
    prompt_id: { type: 'string', minLength: 1, maxLength: 64 },
    dataset: { type: 'string', minLength: 1, maxLength: 200 },
    // Becomes the model_id, which names files and URLs (archive/file-store.ts OWNER_PATTERN).
    experiment_name: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
  },
} as const;

export const generateModelRoutes: FastifyPluginAsync = async (app) => {
  const generator = selectGenerator(app.config);
  app.post<{ Body: GenerateModelRequest }>(
    '/generate',
    {
      onRequest: [requireAdmin],
      schema: { body, response: { 202: startedJobSchema, 404: errorReply, 409: errorReply, ...commonErrors } },
    },
    async (request, reply) => {
      const { content, prompt_id, dataset, experiment_name } = request.body;
      const family = findFamily(prompt_id);
      if (!family) {
        const known = modelFamilies.map((entry) => entry.promptId).join(', ');
        throw new HttpError(422, `Unknown prompt_id ${JSON.stringify(prompt_id)} (one of ${known})`);
      }
      // The form sends the dataset's name; its id is what the model keeps.
      const datasets = await listDatasets(app.db);
      const chosen = datasets.find((entry) => entry.dataset_id === dataset) ?? datasets.find((entry) => entry.dataset_name === dataset);
      if (!chosen) throw new HttpError(422, `Unknown dataset ${JSON.stringify(dataset)}`);
      if (content.trim() === '') throw new HttpError(422, 'content is empty');
      if (await findModel(app.db, experiment_name)) {
        throw new HttpError(409, `A model named ${experiment_name} already exists`);
      }
      const job = await app.jobs.submit(
        'generate_model',
        { content, prompt_id, dataset, experiment_name, generator: generator.name },
        request.user!.id,
        { task: 'generate_model', promptId: family.promptId, content, modelId: experiment_name, datasetId: chosen.dataset_id },
      );
      return reply.code(202).send({ job_id: job.id });
    },
  );
};
