/** Admin-only endpoints that start jobs; each answers 202 with the job to follow through ./jobs.ts. */
import type { GenerateForecastRequest, GenerateModelRequest, StartedJob } from '../../common/api-types/admin.ts';
import type { RegionId } from '../../common/regions/types.ts';
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

/**
 * POST /forecast/import: another system's forecast file (multipart `file`, `model_id`; `date` when the file's own
 * reference day is not the one meant; `region` to regrid into, the sector when absent).
 */
export function importForecast(file: File, fields: { modelId: string; date?: string; region?: RegionId }): Promise<StartedJob & { message: string }> {
  const body = new FormData();
  body.append('model_id', fields.modelId);
  if (fields.date) body.append('date', fields.date);
  if (fields.region) body.append('region', fields.region);
  body.append('file', file);
  return apiJson('forecast/import', { method: 'POST', body });
}

/** POST /models/onnx: a trained network (multipart `file`, `model_id`, `spec` as JSON text). */
export function uploadOnnxModel(file: File, modelId: string, spec: string): Promise<StartedJob & { message: string }> {
  const body = new FormData();
  body.append('model_id', modelId);
  body.append('spec', spec);
  body.append('file', file);
  return apiJson('models/onnx', { method: 'POST', body });
}
