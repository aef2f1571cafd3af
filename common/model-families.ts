/**
 * The model families a generated model can belong to, as pure data: the server's generators validate specs
 * against it and the app lists its system prompts and content examples as samples. No Node imports here —
 * the app (src/features/generate-model) imports this file too.
 *
 * Each sample system prompt stands for one family (its `promptId` is the family's `model_type`); the content
 * carries the hyperparameters as `key=value` lines or JSON.
 */

export type ModelFamilyType = 'persistence' | 'free_drift_advection' | 'damped_anomaly';

/** One numeric hyperparameter: accepted range (inclusive), default, unit. */
export interface HyperparameterSpec {
  kind: 'number' | 'integer';
  min: number;
  max: number;
  default: number;
  /** Unit of the value ('h', 'days', '1' for dimensionless). */
  unit: string;
  /** What it controls, for the LLM prompt and error messages. */
  description: string;
}

export interface ModelFamily {
  /** The id sent as `prompt_id` by the app; equal to the family's model_type. */
  promptId: ModelFamilyType;
  modelType: ModelFamilyType;
  /** One sentence on what the model does (fed to the LLM). */
  summary: string;
  hyperparameters: Record<string, HyperparameterSpec>;
  /** A content sample the app offers, `key=value` lines. */
  contentExample: string;
}

export const modelFamilies: readonly ModelFamily[] = [
  {
    promptId: 'persistence',
    modelType: 'persistence',
    summary: 'Persistence: every lead time (+24h, +48h, +72h) repeats the initial state unchanged.',
    hyperparameters: {},
    contentExample: '# persistence has no hyperparameters\n',
  },
  {
    promptId: 'free_drift_advection',
    modelType: 'free_drift_advection',
    summary:
      'Free-drift advection: sea-ice thickness and concentration are moved by the ice drift field with a ' +
      'semi-Lagrangian scheme.',
    hyperparameters: {
      time_step_hours: {
        kind: 'number',
        min: 0.5,
        max: 24,
        default: 6,
        unit: 'h',
        description: 'semi-Lagrangian time step',
      },
      drift_scale: {
        kind: 'number',
        min: 0,
        max: 3,
        default: 1,
        unit: '1',
        description: 'factor applied to the analysed drift velocity',
      },
    },
    contentExample: 'time_step_hours=6\ndrift_scale=0.8\n',
  },
  {
    promptId: 'damped_anomaly',
    modelType: 'damped_anomaly',
    summary:
      'Damped anomaly: the departure of the initial state from the archive climatology decays exponentially ' +
      'with lead time.',
    hyperparameters: {
      e_folding_days: {
        kind: 'number',
        min: 0.5,
        max: 60,
        default: 5,
        unit: 'days',
        description: 'e-folding time of the anomaly decay',
      },
    },
    contentExample: 'e_folding_days=7\n',
  },
];

export function findFamily(promptId: string): ModelFamily | undefined {
  return modelFamilies.find((family) => family.promptId === promptId);
}

/**
 * The system prompt for a family: what the LLM generator sends, and what the app shows as the sample.
 * It names the family, its hyperparameters with ranges, and the exact JSON shape expected back.
 */
export function systemPromptFor(family: ModelFamily): string {
  const names = Object.keys(family.hyperparameters);
  const lines = names.map((name) => {
    const spec = family.hyperparameters[name];
    return `- ${name} (${spec.kind}, ${spec.min}..${spec.max} ${spec.unit}, default ${spec.default}): ${spec.description}`;
  });
  const example = Object.fromEntries(names.map((name) => [name, family.hyperparameters[name].default]));
  return [
    `You configure an Arctic sea-ice forecasting model of the family "${family.modelType}".`,
    family.summary,
    names.length > 0 ? 'Hyperparameters:' : 'This family has no hyperparameters.',
    ...lines,
    'Read the user request and answer with one JSON object and nothing else, of the form',
    JSON.stringify({ model_type: family.modelType, hyperparameters: example }),
  ].join('\n');
}
