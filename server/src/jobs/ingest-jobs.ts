/**
 * The handlers of the real-data uploads: an uploaded analysis, an uploaded forecast (the configured source's
 * analyses come with the daily cycle's job, ../cycle/). The work
 * runs in a worker thread; uploaded files are removed when the job ends, however it ends, unless it will run
 * again (the durable queue handed it back).
 */
import { rmSync } from 'node:fs';
import type { JobHandler } from './job-handler.ts';
import { willRetry } from './job-will-retry.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import type { ImportAnalysisArgs, ImportAnalysisResult } from './tasks/import-analysis.ts';
import type { ImportForecastArgs, ImportForecastResult } from './tasks/import-forecast.ts';
import { regionNamesRu } from '../../../common/regions/index.ts';

const tasks = {
  importAnalysis: new URL('./tasks/import-analysis.ts', import.meta.url),
  importForecast: new URL('./tasks/import-forecast.ts', import.meta.url),
};

export function importAnalysisJob(args: ImportAnalysisArgs): JobHandler {
  return async ({ signal, progress }) => {
    try {
      const result = await runInThread<ImportAnalysisResult>(tasks.importAnalysis, args, { signal, onProgress: progress });
      // A model calendar's day the real one lacks (2020-02-30 in 360_day) is said, so the date is no surprise.
      const fileDate = result.file_date ? ` (в файле это ${result.file_date}, календарь ${result.calendar})` : '';
      // Which regions the file reached: a regional file (the Beaufort Sea) lands in the whole Arctic only.
      const regions = result.regions.map(({ region }) => regionNamesRu[region]).join(', ');
      return { result: { ...result }, message: `анализ за ${result.date} импортирован из файла ${args.originalName}${fileDate}; районы: ${regions}` };
    } finally {
      if (!willRetry(signal)) rmSync(args.path, { force: true });
    }
  };
}

export function importForecastJob(args: ImportForecastArgs): JobHandler {
  return async ({ signal, progress }) => {
    try {
      const result = await runInThread<ImportForecastResult>(tasks.importForecast, args, { signal, onProgress: progress });
      // As for an analysis: a model calendar's names of the steps read are said beside the real dates.
      const fileDates = result.file_dates ? ` (в файле шаги ${result.file_dates.join(', ')}, календарь ${result.calendar})` : '';
      return { result: { ...result }, message: `прогноз модели ${result.model_id} за ${result.date} импортирован из файла ${args.originalName}${fileDates}` };
    } finally {
      if (!willRetry(signal)) rmSync(args.path, { force: true });
    }
  };
}
