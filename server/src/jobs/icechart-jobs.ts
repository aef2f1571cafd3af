/**
 * The handler of the `import_icechart` job: the task in a worker thread (the geometry takes seconds of CPU that
 * the API's event loop must not wait on), the upload removed when the job ends unless it will run again.
 */
import { rmSync } from 'node:fs';
import type { JobHandler } from './job-handler.ts';
import { willRetry } from './job-will-retry.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import type { ImportChartArgs, ImportChartResult } from './tasks/import-icechart.ts';

const TASK = new URL('./tasks/import-icechart.ts', import.meta.url);

export function importChartJob(args: ImportChartArgs): JobHandler {
  return async ({ signal, progress }) => {
    try {
      const result = await runInThread<ImportChartResult>(TASK, args, { signal, onProgress: progress });
      const verb = result.replaced ? 'заменена' : 'загружена';
      return {
        result: { ...result },
        message: `ледовая карта ${result.source} на ${result.valid_time.slice(0, 16).replace('T', ' ')} UTC ${verb} из файла ${args.originalName}: полигонов ${result.polygons}`,
      };
    } finally {
      if (!willRetry(signal)) rmSync(args.path, { force: true });
    }
  };
}
