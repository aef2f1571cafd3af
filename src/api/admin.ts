/** Admin-only endpoints that start jobs; each answers 202 with the job to follow through ./jobs.ts. */
import type { GenerateForecastRequest, GenerateModelRequest, StartedJob } from '../../common/api-types/admin.ts';
import { apiJson } from './client.ts';

export type { GenerateForecastRequest, GenerateModelRequest, StartedJob } from '../../common/api-types/admin.ts';

/** POST /force_fetch_data: ingest today's analysis and forecasts. 409 while one is already running. */
export function forceFetchData(): Promise<StartedJob & { message: string }> {
  return apiJson('force_fetch_data', { method: 'POST', json: {} });
}

/** POST /models/generate. */
export function generateModel(request: GenerateModelRequest): Promise<StartedJob> {
  return apiJson('models/generate', { method: 'POST', json: request });
}

/** POST /forecast/generate. */
export function generateForecast(request: GenerateForecastRequest): Promise<StartedJob> {
  return apiJson('forecast/generate', { method: 'POST', json: request });
}

/** POST /models/onnx: a trained network (multipart `file`, `model_id`, `spec` as JSON text). */
export function uploadOnnxModel(file: File, modelId: string, spec: string): Promise<StartedJob & { message: string }> {
  const body = new FormData();
  body.append('model_id', modelId);
  body.append('spec', spec);
  body.append('file', file);
  return apiJson('models/onnx', { method: 'POST', body });
}
