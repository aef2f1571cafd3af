/**
 * A registered network as the archive runs it: its file under DATA_DIR/models/, its spec (kept in the model's
 * hyperparameters), the history days it reads, and what a forecast file it writes says about it.
 *
 * Which days go in: the start state (the analysis of the date for the assimilated run, the model's own previous
 * +24 h for the free run) and the archived analyses of the `history_days − 1` days before it.
 */
import { join } from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import type { IceState } from '../../grid/ice-state.ts';
import type { StateGrid } from '../../grid/grid.ts';
import { runNetwork, type OnnxRun } from './run-onnx.ts';
import { MissingHistoryError, ONNXRUNTIME_VERSION, OnnxModelError, openSession } from './session.ts';
import { specFromHyperparameters, specRegion, type OnnxSpec } from './spec.ts';
import type { Region } from '../../../../common/regions/index.ts';
import { addDays } from '../../../../common/utc-day.ts';

export const ONNX_MODEL_TYPE = 'onnx';

/** Where the networks live, relative to DATA_DIR. */
const MODELS_DIR = 'models';

export function onnxModelPath(dataDir: string, modelId: string): string {
  return join(dataDir, MODELS_DIR, `${modelId}.onnx`);
}

interface OnnxModelRecord {
  model_id: string;
  hyperparameters: Record<string, unknown>;
}

function specOf(model: OnnxModelRecord): OnnxSpec {
  const spec = specFromHyperparameters(model.hyperparameters);
  if (!Array.isArray(spec.input.variables) || !Array.isArray(spec.output.variables)) {
    throw new OnnxModelError(`у модели ${model.model_id} нет описания входа и выхода`);
  }
  return spec;
}

/** The region a registered network runs in: its spec's (the sector for every network registered before regions). */
export function networkRegion(model: OnnxModelRecord): Region {
  return specRegion(specFromHyperparameters(model.hyperparameters));
}

/**
 * Sessions of this process, by file: a hindcast runs one network for every archived date, and loading the graph
 * costs more than a small network's run. A job's worker thread ends with its task, taking its sessions along.
 */
const sessions = new Map<string, Promise<InferenceSession>>();

function sessionFor(path: string): Promise<InferenceSession> {
  let session = sessions.get(path);
  if (!session) {
    session = openSession(path);
    sessions.set(path, session);
    session.catch(() => sessions.delete(path));
  }
  return session;
}


export interface OnnxRunContext {
  dataDir: string;
  /** The archived analysis of a date in the run's region, undefined when there is none (never made up for a history day). */
  analysis: (date: string) => Promise<IceState<StateGrid> | undefined>;
  /** Progress of the run's steps, e.g. 'Модель: шаг 2 из 3'. */
  step?: (message: string) => void;
}

/** The days the network reads, oldest first; the last is `start`. Missing days fail the run or repeat the next one. */
async function historyDays(ctx: OnnxRunContext, spec: OnnxSpec, start: IceState<StateGrid>, date: string): Promise<IceState<StateGrid>[]> {
  const days: (IceState<StateGrid> | undefined)[] = [];
  for (let back = spec.input.history_days - 1; back >= 1; back--) days.push(await ctx.analysis(addDays(date, -back)));
  const missing = days.flatMap((state, i) => (state ? [] : [addDays(date, -(spec.input.history_days - 1 - i))]));
  if (missing.length > 0 && spec.input.missing !== 'persistence') {
    throw new MissingHistoryError(`нет анализов за ${missing.join(', ')}: модели нужна история в ${spec.input.history_days} сут.`);
  }
  days.push(start);
  // Persistence for a missing day: the nearest newer day that exists (the start date's state at the latest).
  for (let i = days.length - 2; i >= 0; i--) days[i] ??= days[i + 1];
  return days as IceState<StateGrid>[];
}

export interface OnnxForecast extends OnnxRun {
  /** Global attributes of the forecast file: the network's identity and what it did not forecast. */
  attributes: Record<string, string>;
}

/** Run `model` from `start`, the state of `date` at 00:00 UTC; one state per lead. */
export async function runOnnxModel(
  ctx: OnnxRunContext,
  model: OnnxModelRecord,
  start: IceState<StateGrid>,
  date: string,
  leadHours: readonly number[],
): Promise<OnnxForecast> {
  const spec = specOf(model);
  ctx.step?.('Модель: шаг 1 из 3 — входные данные');
  const days = await historyDays(ctx, spec, start, date);
  const session = await sessionFor(onnxModelPath(ctx.dataDir, model.model_id));
  ctx.step?.('Модель: шаг 2 из 3 — расчёт сети');
  const run = await runNetwork(session, spec, days, leadHours);
  ctx.step?.('Модель: шаг 3 из 3 — запись прогноза');
  const attributes: Record<string, string> = {
    onnx_sha256: String(model.hyperparameters.sha256 ?? ''),
    onnx_spec: JSON.stringify(spec),
    onnxruntime_version: ONNXRUNTIME_VERSION,
  };
  if (run.persisted.length > 0) {
    attributes.persistence_variables = run.persisted.join(', ');
    attributes.comment = `переменные ${run.persisted.join(', ')} не прогнозируются сетью: взяты по персистентности из начального состояния`;
  }
  return { ...run, attributes };
}
