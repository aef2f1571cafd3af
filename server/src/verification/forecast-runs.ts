/**
 * The forecasts scored, as the records identify them: archived files (`fileRun`) and the runs of models that have
 * no file for a date, computed in memory the way `runModel` would write them now (`computedRun`, also the hindcasts
 * of the models' metrics). The one place a run is computed in memory for scoring.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LruCache } from '../../../common/lru-cache.ts';
import type { VerifiedFields } from '../../../common/verification/scores.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { forecastFrom, type ArchiveContext } from '../archive/pipeline.ts';
import { resolveInside } from '../archive/file-store.ts';
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { gridFromDataset } from '../archive/forecast-file.ts';
import { decodeAnyStateFile } from '../archive/region-state-file.ts';
import { planarGridFromDataset } from '../../../netcdf/region-file/index.ts';
import type { FileRecord, ModelRecord } from '../archive/forecast-repository.ts';
import type { StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { textAttribute, type AnalysisArchive } from './analyses.ts';
import { addDays } from '../../../common/utc-day.ts';

export interface FileFields {
  /** The sector's latitude/longitude grid, or a projected region's plane (read from the file). */
  grid: StateGrid;
  /** One entry per time step of the file (the leads of a forecast, the one step of an analysis). */
  steps: VerifiedFields[];
  /** The file's `source` attribute. */
  source: string;
}

/** Concentration and thickness of every step of an archived file. */
export async function readFileFields(dataDir: string, file: FileRecord): Promise<FileFields> {
  const bytes = await readFile(resolveInside(dataDir, file.path));
  const dataset = new Nc3Dataset(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const grid = planarGridFromDataset(dataset) ?? gridFromDataset(dataset);
  const steps: VerifiedFields[] = [];
  const count = dataset.read('time').length;
  const slice = (name: string, step: number) => {
    const values = dataset.read(name, step);
    return values instanceof Float32Array ? values : Float32Array.from(values);
  };
  for (let step = 0; step < count; step++) {
    steps.push({ concentration: slice(FILE_VARIABLES.concentration, step), thickness: slice(FILE_VARIABLES.thickness, step) });
  }
  return { grid, steps, source: textAttribute(dataset.attributes.source) };
}

/** A forecast to score: its identity (what a record keeps to notice a replacement) and its leads' fields. */
export interface RunSource {
  id: string;
  /** Fields per lead index (LEAD_HOURS order). */
  load: () => Promise<VerifiedFields[]>;
}

/** A run archived as a file: identified by its ETag (kind, owner, date, size, write time). */
export function fileRun(dataDir: string, file: FileRecord): RunSource {
  return { id: file.etag, load: async () => (await readFileFields(dataDir, file)).steps };
}

/**
 * The +24 h state of a computed run from the analysis of a date, kept for the next date's computed free run,
 * which starts from exactly that state (dates are verified oldest first; the last few are kept).
 */
export class SpinUps {
  private readonly states: LruCache<string, Promise<AnyState>>;

  constructor(capacity = 8) {
    this.states = new LruCache(capacity);
  }

  get(key: string, make: () => Promise<AnyState>): Promise<AnyState> {
    let state = this.states.get(key);
    if (!state) {
      state = make();
      this.states.set(key, state);
    }
    return state;
  }

  remember(key: string, state: AnyState): void {
    this.get(key, async () => state);
  }
}

/** A state on either kind of grid (a run is computed on its analyses' grid). */
type AnyState = IceState<StateGrid>;

const shortHash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** A run computed in memory: its whole states (the metrics score drift too), and its fields for the records. */
export interface ComputedRun extends RunSource {
  /** The states per lead index (LEAD_HOURS order), on the analyses' grid. */
  states: () => Promise<AnyState[]>;
}

const fieldsOf = (states: AnyState[]): VerifiedFields[] => states.map((s) => ({ concentration: s.concentration, thickness: s.thickness }));

/** `identity` is hashed as the stored records' `forecast_id` always was: a change of it would recompute them all. */
function computed(identity: object, states: () => Promise<AnyState[]>): ComputedRun {
  return { id: `computed:${shortHash(identity)}`, states, load: async () => fieldsOf(await states()) };
}

/**
 * The run `runModel` would write now for a model with no file of `run` on `date`, or undefined when it cannot
 * start: the assimilated run from the analysis of the date; the free run from the previous day's free-run file
 * (+24 h), else from the analysis of the previous day run 24 h, else from the analysis of the date. Its identity
 * is the recipe: model type and hyperparameters, the analyses it starts from (all of them for damped_anomaly,
 * whose climatology is the archive's mean).
 */
export function computedRun(
  ctx: ArchiveContext,
  model: ModelRecord,
  run: 'forecast' | 'assim_forecast',
  date: string,
  analyses: AnalysisArchive,
  previousFreeRun?: FileRecord,
  spinUps = new SpinUps(),
  /** The analyses damped_anomaly's climatology is the mean of (the whole archive's). */
  climatologyOf: AnalysisArchive = analyses,
): ComputedRun | undefined {
  const recipe = {
    t: model.model_type,
    h: model.hyperparameters,
    climatology: model.model_type === 'damped_anomaly' ? shortHash([...climatologyOf.files.values()].map((f) => f.etag)) : null,
  };
  const previous = addDays(date, -1);
  // The run from the analysis of `day`: this date's assimilated run, and the next date's free-run spin-up.
  const fromAnalysis = (day: string) => `${shortHash(recipe)}|${analyses.files.get(day)!.etag}`;
  if (run === 'assim_forecast') {
    if (!analyses.has(date)) return undefined;
    return computed({ ...recipe, from: analyses.files.get(date)!.etag }, async () => {
      const states = await forecastFrom(ctx, model, await analyses.state(date), date);
      spinUps.remember(fromAnalysis(date), states[0]);
      return states;
    });
  }
  if (previousFreeRun) {
    return computed({ ...recipe, after: previousFreeRun.etag }, async () => {
      const bytes = await readFile(resolveInside(ctx.dataDir, previousFreeRun.path));
      const start = decodeAnyStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0).state;
      return forecastFrom(ctx, model, start, date);
    });
  }
  const startDate = analyses.has(previous) ? previous : analyses.has(date) ? date : undefined;
  if (!startDate) return undefined;
  return computed({ ...recipe, from: analyses.files.get(startDate)!.etag, spinUp: startDate === previous }, async () => {
    const start =
      startDate === previous
        ? await spinUps.get(fromAnalysis(previous), async () => (await forecastFrom(ctx, model, await analyses.state(previous), previous))[0])
        : await analyses.state(startDate);
    return forecastFrom(ctx, model, start, date);
  });
}
