/** How model cards write hyperparameters and metrics. */
import type { HyperparameterValue, ModelArchitecture, ModelMetrics } from '../../api/reports.ts';
import { signedPercent, thousandKm2 } from '../verification/verification-format.ts';

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

/**
 * A metric as the card shows it. The verification scores read as on 'Проверка прогнозов' (one formatter): IIEE
 * in thousands of km² ('5,9 тыс. км²'), its skill as a signed whole percentage ('−189 %'); the hindcast scores
 * with three decimals at most. The API keeps full precision.
 */
export function formatMetric(name: string, value: number): string {
  if (/^iiee_\d+h$/.test(name)) return thousandKm2(value);
  if (/^skill_iiee_\d+h$/.test(name)) return signedPercent(value);
  if (!Number.isFinite(value)) return String(value);
  return Number(value.toFixed(3)).toString();
}

export interface ModelCardData extends ModelArchitecture {
  /** Empty when the model has no metrics yet. */
  metrics: Record<string, number>;
  verification?: ModelMetrics['verification'];
}

/** Join architectures and metrics by model_id; every architecture gets a card, with or without metrics. */
export function joinModels(architectures: ModelArchitecture[], metrics: ModelMetrics[]): ModelCardData[] {
  const byId = new Map(metrics.map((entry) => [entry.model_id, entry]));
  return architectures.map((model) => {
    const entry = byId.get(model.model_id);
    return { ...model, metrics: entry?.metrics ?? {}, ...(entry?.verification ? { verification: entry.verification } : {}) };
  });
}
