/**
 * What POST /analysis/import and POST /forecast/import share: the route (admin, the upload size limit, the 202 and
 * error schemas), receiving the multipart upload, the optional `date` field, and removing the uploaded file when
 * the request is refused before its job starts (the job owns it afterwards).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rmSync } from 'node:fs';
import { isIsoDate } from '../../archive/file-store.ts';
import { HttpError } from '../../http-error.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors } from '../common-schemas.ts';
import { startedJobSchema } from '../jobs/job-schema.ts';
import { receiveUpload, registerMultipart, type Upload } from './receive-upload.ts';

const IMPORT_STARTED = 'Импорт файла начат';

/**
 * Registers POST /import in this plugin. `start` checks the upload (throwing HttpError 422 for a bad one) and
 * submits the job; its id goes back as 202 {message, job_id}.
 */
export async function importRoute(
  app: FastifyInstance,
  allowedFields: readonly string[],
  start: (upload: Upload, request: FastifyRequest) => Promise<number>,
): Promise<void> {
  await registerMultipart(app);
  app.post(
    '/import',
    {
      onRequest: [requireAdmin],
      bodyLimit: app.config.importMaxBytes,
      schema: { response: { 202: startedJobSchema, ...commonErrors } },
    },
    async (request, reply) => {
      const upload = await receiveUpload(app, request, allowedFields);
      try {
        const jobId = await start(upload, request);
        return reply.code(202).send({ message: IMPORT_STARTED, job_id: jobId });
      } catch (error) {
        rmSync(upload.path, { force: true });
        throw error;
      }
    },
  );
}

/** The optional `date` field (YYYY-MM-DD): undefined when absent or blank, 422 when not a date. */
export function uploadDate(upload: Upload): string | undefined {
  const date = upload.fields.date?.trim() || undefined;
  if (date !== undefined && !isIsoDate(date)) throw new HttpError(422, `Поле date должно быть датой ГГГГ-ММ-ДД, получено ${JSON.stringify(date)}`);
  return date;
}
