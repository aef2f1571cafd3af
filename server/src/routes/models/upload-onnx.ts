/**
 * POST /api/v1/models/onnx (admin, superuser): multipart `file` (the .onnx network), `model_id` and `spec` (JSON
 * text: the variables in and out, history days, normalisation; models/onnx/spec.ts). Checked here,
 * before any job: the id's form and that it is free (409), the spec, and the network itself, loaded once to
 * compare its input and output shapes with the spec's on the forecast grid (422 naming the mismatch). The job
 * then registers the model and computes its metrics; a failure there registers nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { rmSync } from 'node:fs';
import { OWNER_PATTERN } from '../../archive/file-store.ts';
import { findModel } from '../../archive/forecast-repository.ts';
import { LEAD_HOURS } from '../../grid/grid.ts';
import { checkShapes, OnnxModelError, openSession } from '../../models/onnx/session.ts';
import { expectedShapes, OnnxSpecError, parseOnnxSpec, specRegion } from '../../models/onnx/spec.ts';
import { HttpError } from '../../http-error.ts';
import { uploadRef } from '../../jobs/job-specs.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { startedJobSchema } from '../jobs/job-schema.ts';
import { receiveUpload, registerMultipart } from '../uploads/receive-upload.ts';

const ONNX_UPLOAD_STARTED = 'Загрузка модели ONNX начата';

/** A spec with per-variable normalisation for a few dozen variables stays well under this. */
const SPEC_MAX_CHARS = 16_384;

async function checkNetwork(path: string, expected: { input: number[]; output: number[] }): Promise<void> {
  const session = await openSession(path);
  try {
    checkShapes(session, expected);
  } finally {
    await session.release();
  }
}

/** Mounted at /models. */
export const uploadOnnxModelRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app, SPEC_MAX_CHARS);
  app.post(
    '/onnx',
    {
      onRequest: [requireAdmin],
      bodyLimit: app.config.importMaxBytes,
      schema: {
        summary: 'Upload a trained network (ONNX) as a model',
        consumes: ['multipart/form-data'],
        response: { 202: startedJobSchema, 409: errorReply, ...commonErrors },
      },
    },
    async (request, reply) => {
      const upload = await receiveUpload(app, request, ['model_id', 'spec']);
      try {
        const modelId = upload.fields.model_id?.trim() ?? '';
        if (!OWNER_PATTERN.test(modelId)) throw new HttpError(422, 'Поле model_id обязательно: латинские буквы, цифры, _ и - (до 64 символов)');
        if (!upload.fields.spec) throw new HttpError(422, 'Поле spec обязательно: JSON с описанием входа и выхода модели');
        const spec = parseOnnxSpec(upload.fields.spec);
        if (await findModel(app.db, modelId)) throw new HttpError(409, `Модель ${modelId} уже существует`);
        const [ny, nx] = specRegion(spec).shape;
        await checkNetwork(upload.path, expectedShapes(spec, ny, nx, LEAD_HOURS.length));
        const job = await app.jobs.submit(
          'upload_onnx_model',
          { file: upload.originalName, bytes: upload.bytes, model_id: modelId, spec },
          request.user!.id,
          { task: 'register_onnx_model', upload: uploadRef(app.config.dataDir, upload.path), modelId, spec },
        );
        return reply.code(202).send({ message: ONNX_UPLOAD_STARTED, job_id: job.id });
      } catch (error) {
        rmSync(upload.path, { force: true });
        if (error instanceof OnnxSpecError || error instanceof OnnxModelError) throw new HttpError(422, error.message);
        throw error;
      }
    },
  );
};
