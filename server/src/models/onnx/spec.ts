/**
 * The contract between a trained network and the archive: which analysis variables go in (over how many days,
 * normalised how), which come out at +24/+48/+72 h. Checked once at upload; every error is a Russian sentence
 * the admin page can show as it is.
 *
 * Input tensor  [1, V·H, nlat, nlon]: variable-major, then days oldest → newest, (x − mean[v]) / std[v], NaN → fill.
 * Output tensor [1, W·3, nlat, nlon]: variable-major, then lead; y·std[w] + mean[w].
 * On the grid of the spec's `region` (the sector when it names none: [480, 1301]; `arctic`: [1792, 1216], rows y ×
 * columns x of EPSG:3413). The drift's `direction` is a bearing from true north in either region.
 */
import { REGIONS, isRegionId, regionById, type Region, type RegionId } from '../../../../common/regions/index.ts';

/** The analysis fields a network may read or write: the state's own, or the drift as speed/direction. */
const ONNX_VARIABLES = ['thickness', 'concentration', 'speed', 'direction', 'u', 'v'] as const;
export type OnnxVariable = (typeof ONNX_VARIABLES)[number];

export interface OnnxSpec {
  /** The region whose grid the network was trained on; absent: the sector. */
  region?: RegionId;
  input: {
    variables: OnnxVariable[];
    /** Days of history ending at the start date (1 = the start date only). */
    history_days: number;
    mean: number[];
    std: number[];
    /** What replaces NaN (land, no data) after normalisation. */
    fill: number;
    /** A missing history day: fail the run naming it (default), or repeat the oldest day that exists. */
    missing?: 'fail' | 'persistence';
  };
  output: {
    variables: OnnxVariable[];
    mean: number[];
    std: number[];
  };
}

export class OnnxSpecError extends Error {
  override name = 'OnnxSpecError';
}

/** History longer than a season makes no sense for a daily model, and its input would not fit in memory. */
const MAX_HISTORY_DAYS = 64;

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new OnnxSpecError(`${where}: ожидается объект JSON`);
  return value as Record<string, unknown>;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw new OnnxSpecError(`${where}: неизвестные поля ${extra.join(', ')} (допустимы ${allowed.join(', ')})`);
}

function variables(value: unknown, where: string): OnnxVariable[] {
  if (!Array.isArray(value) || value.length === 0) throw new OnnxSpecError(`${where}: ожидается непустой список переменных`);
  for (const name of value) {
    if (!(ONNX_VARIABLES as readonly unknown[]).includes(name)) {
      throw new OnnxSpecError(`${where}: неизвестная переменная ${JSON.stringify(name)} (допустимы ${ONNX_VARIABLES.join(', ')})`);
    }
  }
  if (new Set(value).size !== value.length) throw new OnnxSpecError(`${where}: переменные повторяются`);
  return value as OnnxVariable[];
}

function numbers(value: unknown, length: number, where: string, positive = false): number[] {
  if (!Array.isArray(value) || value.length !== length) throw new OnnxSpecError(`${where}: ожидается список из ${length} чисел`);
  for (const x of value) {
    if (typeof x !== 'number' || !Number.isFinite(x) || (positive && x <= 0)) {
      throw new OnnxSpecError(`${where}: ${JSON.stringify(x)} — ожидается ${positive ? 'положительное ' : ''}конечное число`);
    }
  }
  return value as number[];
}

/** Parse and check the `spec` field (JSON text). */
export function parseOnnxSpec(text: string): OnnxSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new OnnxSpecError(`spec не является JSON: ${(error as Error).message}`);
  }
  const spec = object(raw, 'spec');
  onlyKeys(spec, ['input', 'output', 'region'], 'spec');
  if (spec.region !== undefined && !isRegionId(spec.region)) {
    throw new OnnxSpecError(`spec.region: неизвестный район ${JSON.stringify(spec.region)} (допустимы ${REGIONS.map((r) => r.id).join(', ')})`);
  }
  const input = object(spec.input, 'spec.input');
  onlyKeys(input, ['variables', 'history_days', 'mean', 'std', 'fill', 'missing'], 'spec.input');
  const output = object(spec.output, 'spec.output');
  onlyKeys(output, ['variables', 'mean', 'std'], 'spec.output');

  const inVariables = variables(input.variables, 'spec.input.variables');
  const history = input.history_days;
  if (typeof history !== 'number' || !Number.isInteger(history) || history < 1 || history > MAX_HISTORY_DAYS) {
    throw new OnnxSpecError(`spec.input.history_days: ожидается целое от 1 до ${MAX_HISTORY_DAYS}, получено ${JSON.stringify(history)}`);
  }
  const fill = input.fill ?? 0;
  if (typeof fill !== 'number' || !Number.isFinite(fill)) throw new OnnxSpecError('spec.input.fill: ожидается конечное число');
  const missing = input.missing ?? 'fail';
  if (missing !== 'fail' && missing !== 'persistence') throw new OnnxSpecError('spec.input.missing: ожидается "fail" или "persistence"');
  const outVariables = variables(output.variables, 'spec.output.variables');
  const drift = (names: OnnxVariable[]) => ({
    polar: names.includes('speed') || names.includes('direction'),
    cartesian: names.includes('u') || names.includes('v'),
  });
  const out = drift(outVariables);
  if (out.polar && out.cartesian) throw new OnnxSpecError('spec.output.variables: дрейф задаётся либо u/v, либо speed/direction, не обоими');
  if ((outVariables.includes('u') !== outVariables.includes('v')) || (outVariables.includes('speed') !== outVariables.includes('direction'))) {
    throw new OnnxSpecError('spec.output.variables: дрейф нужен парой: u и v или speed и direction');
  }
  return {
    ...(spec.region !== undefined && spec.region !== 'sector' ? { region: spec.region } : {}),
    input: {
      variables: inVariables,
      history_days: history,
      mean: numbers(input.mean, inVariables.length, 'spec.input.mean'),
      std: numbers(input.std, inVariables.length, 'spec.input.std', true),
      fill,
      missing,
    },
    output: {
      variables: outVariables,
      mean: numbers(output.mean, outVariables.length, 'spec.output.mean'),
      std: numbers(output.std, outVariables.length, 'spec.output.std', true),
    },
  };
}

/** The region the spec's network runs in (the sector when it names none). */
export const specRegion = (spec: Pick<OnnxSpec, 'region'>): Region => regionById(spec.region ?? 'sector');

/** The tensor shapes the spec implies on a grid of nlat × nlon with `leads` lead times. */
export function expectedShapes(spec: OnnxSpec, nlat: number, nlon: number, leads: number): { input: number[]; output: number[] } {
  return {
    input: [1, spec.input.variables.length * spec.input.history_days, nlat, nlon],
    output: [1, spec.output.variables.length * leads, nlat, nlon],
  };
}

/**
 * The hyperparameters of a registered network, flat so the model's card lists them one per line: the shapes as
 * the seed's networks name them (`in_shape` [V, H, nlat, nlon]), the variables, the normalisation, the checksum.
 */
export function onnxHyperparameters(spec: OnnxSpec, nlat: number, nlon: number, sha256: string): Record<string, unknown> {
  const { input, output } = spec;
  return {
    // A network of the sector's keeps the hyperparameters it always had.
    ...(spec.region ? { region: spec.region } : {}),
    in_shape: [input.variables.length, input.history_days, nlat, nlon],
    out_shape: [output.variables.length, 3, nlat, nlon],
    input_variables: input.variables,
    history_days: input.history_days,
    input_mean: input.mean,
    input_std: input.std,
    input_fill: input.fill,
    missing_days: input.missing ?? 'fail',
    output_variables: output.variables,
    output_mean: output.mean,
    output_std: output.std,
    sha256,
  };
}

/** The spec back from a registered network's hyperparameters. */
export function specFromHyperparameters(h: Record<string, unknown>): OnnxSpec {
  return {
    ...(typeof h.region === 'string' && isRegionId(h.region) && h.region !== 'sector' ? { region: h.region } : {}),
    input: {
      variables: h.input_variables as OnnxVariable[],
      history_days: h.history_days as number,
      mean: h.input_mean as number[],
      std: h.input_std as number[],
      fill: h.input_fill as number,
      missing: h.missing_days as 'fail' | 'persistence',
    },
    output: { variables: h.output_variables as OnnxVariable[], mean: h.output_mean as number[], std: h.output_std as number[] },
  };
}
