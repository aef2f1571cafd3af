/**
 * The handler of an uploaded network's registration (POST /models/onnx): the work runs in a worker thread,
 * where ONNX Runtime's native threads never hold the API's event loop. The upload is removed when the job ends
 * unless the task moved it into DATA_DIR/models/ or the job will run again.
 */
import { rmSync } from 'node:fs';
import type { JobHandler } from './job-handler.ts';
import { willRetry } from './job-will-retry.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import type { RegisterOnnxModelArgs, RegisterOnnxModelResult } from './tasks/register-onnx-model.ts';

const task = new URL('./tasks/register-onnx-model.ts', import.meta.url);

export function registerOnnxModelJob(args: RegisterOnnxModelArgs): JobHandler {
  return async ({ signal, progress }) => {
    try {
      const result = await runInThread<RegisterOnnxModelResult>(task, args, { signal, onProgress: progress });
      return { result: { ...result }, message: `модель ONNX ${result.model_id} зарегистрирована, метрики рассчитаны` };
    } finally {
      if (!willRetry(signal)) rmSync(args.path, { force: true });
    }
  };
}
