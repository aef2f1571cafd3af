/**
 * A generated model's spec (family + hyperparameters) and its validation against the family schema in
 * common/model-families.ts. Pure code: used by both generators and testable without a server.
 */
import { findFamily, modelFamilies, type ModelFamily, type ModelFamilyType } from '../../../common/model-families.ts';

export interface ModelSpec {
  model_type: ModelFamilyType;
  hyperparameters: Record<string, number>;
}

/** A spec or content that does not fit our families; the message says what is wrong, for the job's message. */
export class ModelSpecError extends Error {
  override name = 'ModelSpecError';
}

const familyTypes = modelFamilies.map((family) => family.modelType).join(', ');

/**
 * Read hyperparameters from request content: a JSON object (either the hyperparameters themselves or
 * `{hyperparameters: {...}}`), or `key=value` lines (blank lines and `#` comments ignored).
 */
export function parseContent(content: string): Record<string, unknown> {
  const text = content.trim();
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ModelSpecError(`content is not valid JSON: ${(error as Error).message}`);
    }
    if (!isPlainObject(parsed)) throw new ModelSpecError('content JSON must be an object');
    const inner = parsed.hyperparameters;
    return isPlainObject(inner) ? inner : parsed;
  }
  const values: Record<string, unknown> = {};
  for (const [index, rawLine] of text.split(/\r?\n/).entries()) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*(.+)$/.exec(line);
    if (!match) throw new ModelSpecError(`line ${index + 1}: expected key=value, got "${line}"`);
    const [, key, value] = match;
    if (key in values) throw new ModelSpecError(`line ${index + 1}: ${key} is given twice`);
    values[key] = value.trim();
  }
  return values;
}

/**
 * Check hyperparameters against a family: unknown names, non-numbers, non-integers and values out of range are
 * errors (all of them listed in one message); missing ones take the family default.
 */
export function validateHyperparameters(family: ModelFamily, raw: Record<string, unknown>): ModelSpec {
  const problems: string[] = [];
  const allowed = Object.keys(family.hyperparameters);
  for (const key of Object.keys(raw)) {
    if (!(key in family.hyperparameters)) {
      problems.push(
        `unknown hyperparameter "${key}" for ${family.modelType}` +
          (allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (it takes none)'),
      );
    }
  }
  const hyperparameters: Record<string, number> = {};
  for (const [name, spec] of Object.entries(family.hyperparameters)) {
    const given = raw[name];
    if (given === undefined) {
      hyperparameters[name] = spec.default;
      continue;
    }
    const value = typeof given === 'number' ? given : typeof given === 'string' && given.trim() !== '' ? Number(given) : NaN;
    if (!Number.isFinite(value)) {
      problems.push(`${name} must be a number, got ${JSON.stringify(given)}`);
    } else if (spec.kind === 'integer' && !Number.isInteger(value)) {
      problems.push(`${name} must be an integer, got ${value}`);
    } else if (value < spec.min || value > spec.max) {
      problems.push(`${name} must be between ${spec.min} and ${spec.max}${unitSuffix(spec.unit)}, got ${value}`);
    } else {
      hyperparameters[name] = value;
    }
  }
  if (problems.length > 0) throw new ModelSpecError(problems.join('; '));
  return { model_type: family.modelType, hyperparameters };
}

/** Validate a whole spec as an LLM answers it: `{model_type, hyperparameters}` within our families. */
export function validateSpec(value: unknown): ModelSpec {
  if (!isPlainObject(value)) throw new ModelSpecError('the model spec must be a JSON object');
  const modelType = value.model_type;
  if (typeof modelType !== 'string') throw new ModelSpecError(`the model spec has no model_type (one of ${familyTypes})`);
  const family = findFamily(modelType);
  if (!family) throw new ModelSpecError(`unknown model_type "${modelType}" (one of ${familyTypes})`);
  const hyperparameters = value.hyperparameters ?? {};
  if (!isPlainObject(hyperparameters)) throw new ModelSpecError('hyperparameters must be a JSON object');
  return validateHyperparameters(family, hyperparameters);
}

/** ' h' or ' days'; nothing for dimensionless ('1'). */
function unitSuffix(unit: string): string {
  return unit === '1' ? '' : ` ${unit}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
