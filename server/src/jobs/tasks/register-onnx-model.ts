/**
 * Worker task of POST /models/onnx: move the uploaded network under DATA_DIR/models/, register it, try it once
 * on the newest archived analysis of its region (a network that outputs NaN everywhere fails here), then compute
 * its hindcast metrics like any model's (the sector's networks: the metrics are computed on the sector only). Whatever fails, the model row and the file are removed again: a failed job leaves
 * nothing registered and nothing half-written.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { archivedAnalysis, analysisDates, forecastFrom } from '../../archive/pipeline.ts';
import { deleteModel, findModel, insertModel, modelMetrics } from '../../archive/forecast-repository.ts';
import { recomputeMetrics } from '../../verification/hindcast-metrics.ts';
import { ONNX_MODEL_TYPE, onnxModelPath } from '../../models/onnx/onnx-model.ts';
import { sha256File } from '../../models/onnx/session.ts';
import { onnxHyperparameters, specRegion, type OnnxSpec } from '../../models/onnx/spec.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface RegisterOnnxModelArgs {
  dataDir: string;
  databaseUrl?: string | null;
  /** The uploaded file, absolute. */
  path: string;
  modelId: string;
  spec: OnnxSpec;
}

export interface RegisterOnnxModelResult {
  model_id: string;
  model_type: string;
  sha256: string;
  /** The date of the trial run, or null with an empty archive. */
  tried_on: string | null;
  metrics: Record<string, number>;
}

export async function run(args: RegisterOnnxModelArgs, progress: (fraction: number, message?: string) => void): Promise<RegisterOnnxModelResult> {
  return withArchive(args, async (ctx) => {
    const { modelId, spec } = args;
    progress(0.05, 'проверка файла модели');
    const sha256 = await sha256File(args.path);
    const target = onnxModelPath(args.dataDir, modelId);
    const region = specRegion(spec);
    const [ny, nx] = region.shape;
    const hyperparameters = onnxHyperparameters(spec, ny, nx, sha256);
    const inRegion = { ...ctx, region };
    const model = { model_id: modelId, model_type: ONNX_MODEL_TYPE, hyperparameters, is_default: false };
    if (!(await insertModel(ctx.db, model))) throw new Error(`модель ${modelId} уже существует`);
    try {
      mkdirSync(dirname(target), { recursive: true });
      // Same file system (both under DATA_DIR): the network appears whole or not at all.
      renameSync(args.path, target);
      const dates = await analysisDates(inRegion);
      const newest = dates.at(-1) ?? null;
      if (newest) {
        progress(0.15, `пробный запуск модели на анализе за ${newest}`);
        const start = (await archivedAnalysis(inRegion, newest))!;
        const step = (message: string) => progress(0.2, message);
        await forecastFrom({ ...inRegion, step }, model, start, newest);
      }
      if (region.id === 'sector') {
        progress(0.3, `расчёт метрик модели ${modelId} по ретроспективным прогнозам`);
        await recomputeMetrics(ctx, { modelIds: [modelId], force: true });
      }
      const stored = (await findModel(ctx.db, modelId))!;
      return {
        model_id: stored.model_id,
        model_type: stored.model_type,
        sha256,
        tried_on: newest,
        metrics: (await modelMetrics(ctx.db)).get(modelId) ?? {},
      };
    } catch (error) {
      // Metrics cascade with the model row (migration 3).
      await deleteModel(ctx.db, modelId);
      rmSync(target, { force: true });
      throw error;
    }
  });
}

