/**
 * POST /api/v1/analysis/import (admin, superuser): multipart `file` (NetCDF-3 or -4, up to IMPORT_MAX_BYTES,
 * 413 beyond) and optional `date` (YYYY-MM-DD; default the file's own time) → 202 {job_id}. The job regrids
 * the file onto the grid of each region the server serves (CYCLE_REGIONS) and archives it as the analysis of
 * that date (jobs/tasks/import-analysis.ts).
 * 422 {detail} up front for a file that is not NetCDF, has no sea-ice variable, no step for the date, or a grid
 * that cannot be placed (checked from the file when it is small enough to open here).
 */
import type { FastifyPluginAsync } from 'fastify';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describeSourceGrid } from '../../../../common/regrid/index.ts';
import { uploadRef } from '../../jobs/job-specs.ts';
import { INGEST_TMP_DIR } from '../../ingest/fetch-file.ts';
import { planFile } from '../../ingest/to-ice-state.ts';
import { importRoute, uploadDate } from '../uploads/import-route.ts';
import { checkUpload } from '../uploads/upload-check.ts';

/** Part of the /analysis resource (index.ts). */
export const analysisImportRoutes: FastifyPluginAsync = async (app) => {
  // Uploads and downloads a previous process left behind (it stopped mid-job): never indexed, so just removed.
  // With DATABASE_URL the folder is shared: other servers' queued jobs still need their uploads (a job that fails
  // for good removes its own).
  if (!app.config.databaseUrl) rmSync(join(app.config.dataDir, INGEST_TMP_DIR), { recursive: true, force: true });
  await importRoute(app, ['date'], async (upload, request) => {
    const date = uploadDate(upload);
    await checkUpload(upload, (dataset) => {
      const { first } = planFile(dataset, { date, fileName: upload.originalName });
      describeSourceGrid(dataset, first);
    });
    const job = await app.jobs.submit(
      'import_analysis',
      { file: upload.originalName, bytes: upload.bytes, ...(date ? { date } : {}) },
      request.user!.id,
      {
        task: 'import_analysis',
        upload: uploadRef(app.config.dataDir, upload.path),
        originalName: upload.originalName,
        date,
        userId: request.user!.id,
        regions: app.config.cycleRegions,
      },
    );
    return job.id;
  });
};
