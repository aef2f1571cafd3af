/** How model cards write hyperparameters and metrics. */
import type { HyperparameterValue, ModelArchitecture, ModelMetrics } from '../../api/reports.ts';

/** `in_shape: [4, 32, 480, 1300]`: arrays in brackets, nested arrays too. */
export function formatHyperparameter(value: HyperparameterValue): string {
  if (Array.isArray(value)) return `[${value.map(formatHyperparameter).join(', ')}]`;
  if (value === null) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'rmse_24h' → 'rmse 24h'. */
export function metricLabel(name: string): string {
  return name.replace(/_/g, ' ');
}

/** Three significant decimals are what a card can show; the API keeps full precision. */
export function formatMetric(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Number(value.toFixed(3)).toString();
}

export interface ModelCardData extends ModelArchitecture {
  /** Empty when the model has no metrics yet. */
  metrics: Record<string, number>;
}

/** Join architectures and metrics by model_id; every architecture gets a card, with or without metrics. */
export function joinModels(architectures: ModelArchitecture[], metrics: ModelMetrics[]): ModelCardData[] {
  const byId = new Map(metrics.map((entry) => [entry.model_id, entry.metrics]));
  return architectures.map((model) => ({ ...model, metrics: byId.get(model.model_id) ?? {} }));
}
