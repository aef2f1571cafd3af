/**
 * What a job is to do, as plain data (a `JobSpec`), and how a process turns it into a running handler
 * (`handlerFor`). A spec is JSON: with PostgreSQL it travels through the durable queue to a worker process on any
 * machine, so it holds no functions and nothing that belongs to the submitting process (no DATA_DIR path: an
 * upload is named relative to DATA_DIR, which another machine may mount elsewhere; no model generator: the
 * worker builds its own from its configuration).
 */
import type { RegionId } from '../../../common/regions/index.ts';
import { isAbsolute, join, relative } from 'node:path';
import { findFamily } from '../../../common/model-families.ts';
import type { Config } from '../config.ts';
import type { ModelGenerator } from '../model-generation/generator.ts';
import { selectGenerator } from '../model-generation/select-generator.ts';
import { generateForecastJob, generateModelJob } from './admin-jobs.ts';
import type { OnnxSpec } from '../models/onnx/spec.ts';
import type { CyclePlan } from '../cycle/run-cycle.ts';
import { cycleRetention, dailyCycleJob } from './cycle-job.ts';
import { importAnalysisJob, importForecastJob } from './ingest-jobs.ts';
import type { JobHandler } from './job-handler.ts';
import { registerOnnxModelJob } from './onnx-jobs.ts';
import { chartScope, withScoring } from './with-scoring.ts';
import { importChartJob } from './icechart-jobs.ts';

export type JobSpec =
  /** The daily cycle over `plan.dates`: a scheduled tick, a due retry, or POST /force_fetch_data (cycle/README.md). */
  | { task: 'daily_cycle'; plan: Omit<CyclePlan, 'jobId'> }
  /** POST /models/generate. */
  | { task: 'generate_model'; promptId: string; content: string; modelId: string; datasetId?: string }
  /** POST /forecast/generate. */
  | { task: 'generate_forecast'; date: string; modelIds: string[]; region?: RegionId }
  /** POST /analysis/import: `upload` is the file's path relative to DATA_DIR. */
  | {
      task: 'import_analysis';
      upload: string;
      originalName: string;
      date?: string;
      userId: number | null;
      /** CYCLE_REGIONS of the server that took the upload: the regions the file is regridded into (absent in older jobs: every region). */
      regions?: RegionId[];
    }
  /** POST /forecast/import. */
  | { task: 'import_forecast'; upload: string; originalName: string; modelId: string; date?: string; region?: RegionId; userId: number | null }
  /** POST /models/onnx: the uploaded network and its checked spec. */
  | { task: 'register_onnx_model'; upload: string; modelId: string; spec: OnnxSpec }
  /** POST /icecharts: a SIGRID-3 chart archive, its source and valid time as checked by the route. */
  | { task: 'import_icechart'; upload: string; originalName: string; source: string; validTime: string; replace: boolean; userId: number | null };

/** What the running process supplies: its own DATA_DIR, database and model generator. */
export interface JobEnvironment {
  dataDir: string;
  /** PostgreSQL of the worker tasks (their own connections); null: SQLite in DATA_DIR. */
  databaseUrl: string | null;
  /** Built on first use (MODEL_GENERATOR=llm checks its settings then). */
  generator: () => ModelGenerator;
}

/** The environment of a process with configuration `config`: its DATA_DIR, DATABASE_URL and model generator. */
export function jobEnvironment(config: Config): JobEnvironment {
  let generator: ModelGenerator | undefined;
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    generator: () => (generator ??= selectGenerator(config)),
  };
}

/** An upload's path as a spec names it: relative to DATA_DIR (refused when it lies outside). */
export function uploadRef(dataDir: string, path: string): string {
  const ref = relative(dataDir, path);
  if (ref.startsWith('..') || isAbsolute(ref)) throw new Error(`the upload ${path} is not under DATA_DIR`);
  return ref;
}

/** Every job changes the archive, so each ends with the scoring step; the daily cycle's retention waits for it. */
export function handlerFor(spec: JobSpec, env: JobEnvironment): JobHandler {
  // A chart changes no forecast or analysis: only the records against it can be missing.
  if (spec.task === 'import_icechart') return withScoring(archiveHandlerFor(spec, env), env, undefined, chartScope);
  return withScoring(archiveHandlerFor(spec, env), env, spec.task === 'daily_cycle' ? cycleRetention(env, spec.plan) : undefined);
}

function archiveHandlerFor(spec: JobSpec, env: JobEnvironment): JobHandler {
  switch (spec.task) {
    case 'daily_cycle':
      return dailyCycleJob(env, spec.plan);
    case 'generate_model': {
      const family = findFamily(spec.promptId);
      if (!family) return async () => Promise.reject(new Error(`неизвестный системный промпт ${spec.promptId}`));
      return generateModelJob({
        dataDir: env.dataDir,
        databaseUrl: env.databaseUrl,
        generator: env.generator(),
        family,
        content: spec.content,
        modelId: spec.modelId,
        datasetId: spec.datasetId ?? null,
      });
    }
    case 'generate_forecast':
      return generateForecastJob(env, spec.date, spec.modelIds, spec.region);
    case 'import_analysis':
      return importAnalysisJob({
        dataDir: env.dataDir,
        databaseUrl: env.databaseUrl,
        path: join(env.dataDir, spec.upload),
        originalName: spec.originalName,
        date: spec.date,
        userId: spec.userId,
        regions: spec.regions,
      });
    case 'import_forecast':
      return importForecastJob({
        dataDir: env.dataDir,
        databaseUrl: env.databaseUrl,
        path: join(env.dataDir, spec.upload),
        originalName: spec.originalName,
        modelId: spec.modelId,
        date: spec.date,
        region: spec.region,
        userId: spec.userId,
      });
    case 'register_onnx_model':
      return registerOnnxModelJob({
        dataDir: env.dataDir,
        databaseUrl: env.databaseUrl,
        path: join(env.dataDir, spec.upload),
        modelId: spec.modelId,
        spec: spec.spec,
      });
    case 'import_icechart':
      return importChartJob({
        dataDir: env.dataDir,
        databaseUrl: env.databaseUrl,
        path: join(env.dataDir, spec.upload),
        originalName: spec.originalName,
        source: spec.source,
        validTime: spec.validTime,
        replace: spec.replace,
        userId: spec.userId,
      });
  }
}
