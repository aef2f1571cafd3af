/**
 * The handlers of the admin jobs of models and forecasts (generation of a model, of forecasts): what runs on the main thread (the model generator, which may wait on
 * an LLM over the network) and what goes to a worker thread (archive, model runs, metrics).
 */
import type { RegionId } from '../../../common/regions/index.ts';
import type { ModelFamily } from '../../../common/model-families.ts';
import type { DatabaseTarget } from '../db/database.ts';
import type { ModelGenerator } from '../model-generation/generator.ts';
import { ModelSpecError } from '../model-generation/model-spec.ts';
import type { JobHandler } from './job-handler.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import type { RegisterModelArgs, RegisterModelResult } from './tasks/register-model.ts';
import type { RunModelsArgs, RunModelsResult } from './tasks/run-models.ts';

const tasks = {
  registerModel: new URL('./tasks/register-model.ts', import.meta.url),
  runModels: new URL('./tasks/run-models.ts', import.meta.url),
};

/** Map a worker's 0..1 progress into [from, to] of the job's. */
const scaled =
  (progress: (fraction: number, message?: string) => void, from: number, to: number) =>
  (fraction: number, message?: string) =>
    progress(from + (to - from) * fraction, message);

export interface GenerateModelInput {
  dataDir: string;
  databaseUrl?: string | null;
  generator: ModelGenerator;
  family: ModelFamily;
  content: string;
  modelId: string;
  /** The dataset chosen in the form (its dataset_id), stored with the model. */
  datasetId: string | null;
}

export function generateModelJob(input: GenerateModelInput): JobHandler {
  return async ({ signal, progress }) => {
    progress(0.05, `генерация описания модели (генератор ${input.generator.name})`);
    const spec = await input.generator.generate({ family: input.family, content: input.content }, signal);
    // An LLM may answer with another family than the system prompt asked for: that is not the model requested.
    if (spec.model_type !== input.family.modelType) {
      throw new ModelSpecError(
        `генератор вернул модель семейства ${spec.model_type}, а выбран системный промпт семейства ${input.family.modelType}; модель не зарегистрирована`,
      );
    }
    progress(0.3, `описание готово: ${spec.model_type} ${JSON.stringify(spec.hyperparameters)}`);
    const args: RegisterModelArgs = {
      dataDir: input.dataDir,
      databaseUrl: input.databaseUrl,
      model: {
        model_id: input.modelId,
        model_type: spec.model_type,
        hyperparameters: spec.hyperparameters,
        dataset_id: input.datasetId,
      },
    };
    const result = await runInThread<RegisterModelResult>(tasks.registerModel, args, {
      signal,
      onProgress: scaled(progress, 0.3, 1),
    });
    return { result: { ...result }, message: `модель ${result.model_id} зарегистрирована, метрики рассчитаны` };
  };
}

export function generateForecastJob(where: DatabaseTarget, date: string, modelIds: string[], region?: RegionId): JobHandler {
  return async ({ signal, progress }) => {
    const args: RunModelsArgs = { dataDir: where.dataDir, databaseUrl: where.databaseUrl, date, modelIds, ...(region && { region }) };
    const result = await runInThread<RunModelsResult>(tasks.runModels, args, { signal, onProgress: progress });
    return { result: { ...result }, message: `прогнозы за ${date} построены для моделей: ${modelIds.join(', ')}` };
  };
}
