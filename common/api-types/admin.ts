/** Bodies and replies of the admin endpoints that start jobs (server/src/routes/models/, forecast/generate.ts, force-fetch-data/; src/api/admin.ts). */

/** 202 reply of every job-starting endpoint: the job to follow through GET /jobs/{id}. */
export interface StartedJob {
  job_id: number;
  /** Only POST /force_fetch_data sends one ('Начало загрузки данных'). */
  message?: string;
}

/** POST /models/generate body. */
export interface GenerateModelRequest {
  /** Hyperparameters as `key=value` lines or JSON (or prose for the LLM generator). */
  content: string;
  /** A system prompt sample id: one model family (common/model-families.ts). */
  prompt_id: string;
  dataset: string;
  /** Becomes the model_id: [A-Za-z0-9_-]{1,64}. */
  experiment_name: string;
}

/** POST /forecast/generate body. */
export interface GenerateForecastRequest {
  /** YYYY-MM-DD: the analysis each model starts from. */
  date: string;
  model_ids: string[];
}
