/**
 * POST /api/v1/icecharts (admin, superuser): multipart `file` (a zip or `.imz` with one SIGRID-3 set), optional
 * `valid_time` (ISO 8601), `source`, `replace` (`1`) → 202 {job_id}. What can be refused without the geometry
 * work is refused here with 422 {detail} in Russian (not a zip, no `.dbf`, no SIGRID-3 fields, a `.prj` that cannot
 * be read, no polygons, no valid time), 409 for a chart of the same source and valid time; the job builds and
 * stores the chart (icecharts/import-task.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { HttpError } from '../../http-error.ts';
import { inspectChart } from '../../icecharts/build-chart.ts';
import { ChartError, chartReasonsRu } from '../../icecharts/chart-error.ts';
import { findChartAt } from '../../icecharts/chart-repository.ts';
import { parseValidTime } from '../../icecharts/valid-time.ts';
import { uploadRef } from '../../jobs/job-specs.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { startedJobSchema } from '../jobs/job-schema.ts';
import { receiveUpload, registerMultipart, type Upload } from '../uploads/receive-upload.ts';

const IMPORT_STARTED = 'Импорт ледовой карты начат';
const FIELDS = ['valid_time', 'source', 'replace'] as const;

/** What the form and the file names say: source, valid time, replace; 422 when the time or source is unknown. */
async function planImport(app: FastifyInstance, upload: Upload) {
  const bytes = new Uint8Array(await readFile(upload.path));
  let inspected;
  try {
    inspected = await inspectChart(bytes, upload.originalName);
  } catch (error) {
    if (error instanceof ChartError) throw new HttpError(422, error.message);
    throw error;
  }
  const formTime = upload.fields.valid_time?.trim();
  let validTime: string | null;
  if (formTime) {
    validTime = parseValidTime(formTime);
    if (validTime === null) throw new HttpError(422, chartReasonsRu.badValidTime(formTime));
  } else {
    validTime = inspected.named?.validTime ?? null;
    if (validTime === null) throw new HttpError(422, chartReasonsRu.noValidTime(upload.originalName));
  }
  const source = upload.fields.source?.trim() || inspected.named?.source;
  if (!source) throw new HttpError(422, chartReasonsRu.noSource(upload.originalName));
  if (source.length > 64) throw new HttpError(422, 'Поле source длиннее 64 символов');
  const replaceField = upload.fields.replace?.trim().toLowerCase() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(replaceField)) throw new HttpError(422, `Поле replace должно быть 1 или 0, получено ${JSON.stringify(replaceField)}`);
  const replace = replaceField === '1' || replaceField === 'true';
  const existing = await findChartAt(app.db, source, validTime);
  if (existing && !replace) throw new HttpError(409, chartReasonsRu.exists(source, validTime, existing.id));
  return { source, validTime, replace, polygons: inspected.records.length };
}

export async function importChartRoute(app: FastifyInstance): Promise<void> {
  await registerMultipart(app);
  app.post(
    '/',
    {
      onRequest: [requireAdmin],
      bodyLimit: app.config.importMaxBytes,
      schema: { response: { 202: startedJobSchema, 409: errorReply, ...commonErrors } },
    },
    async (request: FastifyRequest, reply) => {
      const upload = await receiveUpload(app, request, FIELDS);
      try {
        const plan = await planImport(app, upload);
        const job = await app.jobs.submit(
          'import_icechart',
          { file: upload.originalName, bytes: upload.bytes, source: plan.source, valid_time: plan.validTime, replace: plan.replace },
          request.user!.id,
          {
            task: 'import_icechart',
            upload: uploadRef(app.config.dataDir, upload.path),
            originalName: upload.originalName,
            source: plan.source,
            validTime: plan.validTime,
            replace: plan.replace,
            userId: request.user!.id,
          },
        );
        return reply.code(202).send({ message: IMPORT_STARTED, job_id: job.id });
      } catch (error) {
        rmSync(upload.path, { force: true });
        throw error;
      }
    },
  );
}
