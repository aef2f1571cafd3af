/**
 * The handlers of the real-data jobs: the configured source's analysis of a date (POST
 * /force_fetch_data when ANALYSIS_SOURCE is not demo), an uploaded analysis, an uploaded forecast. The work
 * runs in a worker thread; uploaded files are removed when the job ends, however it ends, unless it will run
 * again (the durable queue handed it back).
 */
import { rmSync } from 'node:fs';
import type { DatabaseTarget } from '../db/database.ts';
import type { AnalysisSourceConfig } from '../ingest/products.ts';
import type { JobHandler } from './job-handler.ts';
import { willRetry } from './job-will-retry.ts';
import { runInWorker } from '../threads/run-in-thread.ts';
import type { FetchAnalysisArgs, FetchAnalysisResult } from './tasks/fetch-analysis.ts';
import type { ImportAnalysisArgs, ImportAnalysisResult } from './tasks/import-analysis.ts';
import type { ImportForecastArgs, ImportForecastResult } from './tasks/import-forecast.ts';

const tasks = {
  fetchAnalysis: new URL('./tasks/fetch-analysis.ts', import.meta.url),
  importAnalysis: new URL('./tasks/import-analysis.ts', import.meta.url),
  importForecast: new URL('./tasks/import-forecast.ts', import.meta.url),
};

export function fetchAnalysisJob(where: DatabaseTarget, date: string, source: Exclude<AnalysisSourceConfig, { kind: 'demo' }>, userId: number | null): JobHandler {
  return async ({ signal, progress }) => {
    const args: FetchAnalysisArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl, date, source, userId };
    const result = await runInWorker<FetchAnalysisResult>(tasks.fetchAnalysis, args, { signal, onProgress: progress });
    return {
      result: { ...result },
      message: `анализ за ${date} загружен (${result.inputs.map((input) => input.file).join(', ')}), прогнозы построены; метрики пересчитаны для моделей: ${result.metrics_recomputed.length}`,
    };
  };
}

export function importAnalysisJob(args: ImportAnalysisArgs): JobHandler {
  return async ({ signal, progress }) => {
    try {
      const result = await runInWorker<ImportAnalysisResult>(tasks.importAnalysis, args, { signal, onProgress: progress });
      // A model calendar's day the real one lacks (2020-02-30 in 360_day) is said, so the date is no surprise.
      const fileDate = result.file_date ? ` (в файле это ${result.file_date}, календарь ${result.calendar})` : '';
      return { result: { ...result }, message: `анализ за ${result.date} импортирован из файла ${args.originalName}${fileDate}` };
    } finally {
      if (!willRetry(signal)) rmSync(args.path, { force: true });
    }
  };
}

export function importForecastJob(args: ImportForecastArgs): JobHandler {
  return async ({ signal, progress }) => {
    try {
      const result = await runInWorker<ImportForecastResult>(tasks.importForecast, args, { signal, onProgress: progress });
      return { result: { ...result }, message: `прогноз модели ${result.model_id} за ${result.date} импортирован из файла ${args.originalName}` };
    } finally {
      if (!willRetry(signal)) rmSync(args.path, { force: true });
    }
  };
}
