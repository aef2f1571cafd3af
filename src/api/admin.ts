/** Admin-only endpoints that start jobs; each answers 202 with the job to follow through ./jobs.ts. */
import { apiJson } from './client.ts';

export interface StartedJob {
  job_id: number;
  message?: string;
}

/** POST /force_fetch_data: ingest today's analysis and forecasts. 409 while one is already running. */
export function forceFetchData(): Promise<StartedJob & { message: string }> {
  return apiJson('force_fetch_data', { method: 'POST', json: {} });
}

export interface GenerateModelRequest {
  content: string;
  /** A system prompt sample id: one model family (server/src/model-generation/families.ts). */
  prompt_id: string;
  dataset: string;
  experiment_name: string;
}

/** POST /models/generate. */
export function generateModel(request: GenerateModelRequest): Promise<StartedJob> {
  return apiJson('models/generate', { method: 'POST', json: request });
}

export interface GenerateForecastRequest {
  /** YYYY-MM-DD: the analysis each model starts from. */
  date: string;
  model_ids: string[];
}

/** POST /forecast/generate. */
export function generateForecast(request: GenerateForecastRequest): Promise<StartedJob> {
  return apiJson('forecast/generate', { method: 'POST', json: request });
}
