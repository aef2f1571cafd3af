/** Endpoints under /api/v1/report: what the /models, /datasets and generation screens list. */
import { apiJson, type RequestOptions } from './client.ts';
import type { RegionId } from './region-query.ts';

type ReadOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>;

/** A hyperparameter value as the server stores it: numbers, text, flags, or arrays of them (shapes). */
export type HyperparameterValue = string | number | boolean | null | HyperparameterValue[];

/** GET /report/model_architecture item. */
export interface ModelArchitecture {
  model_id: string;
  model_type: string;
  hyperparameters: Record<string, HyperparameterValue>;
  /** External models (imported forecasts): the file their newest run came from. */
  provenance?: {
    original_name: string;
    sha256: string;
    /** Forecast date of that run, 'YYYY-MM-DD'. */
    date: string;
    created_at: string;
    details?: { title?: string; institution?: string };
  };
  /** Generated models: the dataset chosen when generating it, and its name while the dataset exists. */
  dataset_id?: string;
  dataset_name?: string;
  /** The default model (DEFAULT_MODEL): the daily cycle's forecasts, the map's first choice. */
  is_default?: boolean;
  /** Its runs are built every day by the daily cycle (the default model's always). */
  run_daily?: boolean;
}

/** GET /report/model_metrics item: flat metric name (e.g. 'rmse_24h') → value. */
export interface ModelMetrics {
  model_id: string;
  metrics: Record<string, number>;
  /**
   * What the verification scores among the metrics (`iiee_24h` km², `skill_iiee_24h` a fraction, …) are of; `region`
   * only when the request named one (without, the sector's).
   */
  verification?: { run: 'forecast' | 'assim_forecast'; from: string; to: string; region?: RegionId };
}

/** GET /report/datasets item. */
export interface Dataset {
  dataset_id: string | number;
  dataset_name: string;
  metadata: {
    description?: string | null;
    variables?: string[];
    target_variables?: string[];
    /** Real products: where the files come from, who makes them, the grid they are on. */
    source?: string;
    institution?: string;
    grid?: string;
  };
}

export function fetchModelArchitectures(options: ReadOptions = {}): Promise<ModelArchitecture[]> {
  return apiJson<ModelArchitecture[]>('report/model_architecture', options);
}

export function fetchModelMetrics(options: ReadOptions = {}): Promise<ModelMetrics[]> {
  return apiJson<ModelMetrics[]>('report/model_metrics', options);
}

export function fetchDatasets(options: ReadOptions = {}): Promise<Dataset[]> {
  return apiJson<Dataset[]>('report/datasets', options);
}
