/**
 * What the verification reads: the fields of archived files (concentration and thickness of one step), the
 * analyses (newest of each date, any source, as /analysis/hist serves them; or those of the dataset a generated
 * model was made for, when the archive has any), and the runs of models that have no
 * file for a date, computed in memory the way `runModel` would write them now.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LruCache } from '../../../common/lru-cache.ts';
import type { VerifiedFields } from '../../../common/verification/scores.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { addDays, forecastFrom, sectorState, type ArchiveContext } from '../archive/pipeline.ts';
import { resolveInside } from '../archive/file-store.ts';
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { decodeStateFile, gridFromDataset } from '../archive/forecast-file.ts';
import { analysisFileDates, fileDates, findFile, latestAnalysisFile, type FileRecord, type ModelRecord } from '../archive/forecast-repository.ts';
import type { Grid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';

export interface FileFields {
  grid: Grid;
  /** One entry per time step of the file (the leads of a forecast, the one step of an analysis). */
  steps: VerifiedFields[];
  /** The file's `source` attribute. */
  source: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/[\0\s]+$/, '') : '');

/** Concentration and thickness of every step of an archived file. */
export async function readFileFields(dataDir: string, file: FileRecord): Promise<FileFields> {
  const bytes = await readFile(resolveInside(dataDir, file.path));
  const dataset = new Nc3Dataset(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const grid = gridFromDataset(dataset);
  const steps: VerifiedFields[] = [];
  const count = dataset.read('time').length;
  const slice = (name: string, step: number) => {
    const values = dataset.read(name, step);
    return values instanceof Float32Array ? values : Float32Array.from(values);
  };
  for (let step = 0; step < count; step++) {
    steps.push({ concentration: slice(FILE_VARIABLES.concentration, step), thickness: slice(FILE_VARIABLES.thickness, step) });
  }
  return { grid, steps, source: text(dataset.attributes.source) };
}

/** An analysis as the records name it. */
export interface AnalysisEntry {
  file: FileRecord;
  fields: VerifiedFields;
  grid: Grid;
  /** The truth's label (the file's `source` attribute, else its dataset id). */
  label: string;
}

interface DecodedAnalysis {
  state: IceState;
  label: string;
}

/**
 * The newest analysis file of each date, read on demand and decoded once for both uses (its fields as the truth
 * or persistence, its whole state as a computed run's start); the last `capacity` decoded are kept.
 */
export class AnalysisArchive {
  private readonly cache: LruCache<string, Promise<DecodedAnalysis>>;

  private constructor(
    private readonly dataDir: string,
    readonly files: ReadonlyMap<string, FileRecord>,
    capacity: number,
  ) {
    this.cache = new LruCache(capacity);
  }

  /** The archive's analyses: the newest of any source per date. */
  static async open(ctx: ArchiveContext, capacity = 8): Promise<AnalysisArchive> {
    const files = new Map<string, FileRecord>();
    for (const date of await analysisFileDates(ctx.db)) {
      const file = await latestAnalysisFile(ctx.db, date);
      if (file) files.set(date, file);
    }
    return new AnalysisArchive(ctx.dataDir, files, capacity);
  }

  /** One dataset's analyses (a generated model is judged against its dataset's when the archive has them). */
  static async ofDataset(ctx: ArchiveContext, datasetId: string, capacity = 8): Promise<AnalysisArchive> {
    const files = new Map<string, FileRecord>();
    for (const date of await fileDates(ctx.db, 'analysis', datasetId)) {
      const file = await findFile(ctx.db, 'analysis', datasetId, date);
      if (file) files.set(date, file);
    }
    return new AnalysisArchive(ctx.dataDir, files, capacity);
  }

  has(date: string): boolean {
    return this.files.has(date);
  }

  private decoded(date: string): Promise<DecodedAnalysis> {
    const file = this.files.get(date);
    if (!file) return Promise.reject(new Error(`no analysis for ${date}`));
    let entry = this.cache.get(date);
    if (entry) return entry;
    entry = readFile(resolveInside(this.dataDir, file.path)).then((bytes) => {
      const { state, attributes } = decodeStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0);
      return { state, label: text(attributes.source) || file.owner };
    });
    entry.catch(() => this.cache.delete(date));
    this.cache.set(date, entry);
    return entry;
  }

  /** The analysis of `date` as a truth or persistence. */
  async get(date: string): Promise<AnalysisEntry> {
    const { state, label } = await this.decoded(date);
    return { file: this.files.get(date)!, grid: state.grid, fields: { concentration: state.concentration, thickness: state.thickness }, label };
  }

  /** The full state of an analysis (a computed run starts from it; models do not change their input). */
  async state(date: string): Promise<IceState> {
    return (await this.decoded(date)).state;
  }
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
  private readonly states: LruCache<string, Promise<IceState>>;

  constructor(capacity = 8) {
    this.states = new LruCache(capacity);
  }

  get(key: string, make: () => Promise<IceState>): Promise<IceState> {
    let state = this.states.get(key);
    if (!state) {
      state = make();
      this.states.set(key, state);
    }
    return state;
  }

  remember(key: string, state: IceState): void {
    this.get(key, async () => state);
  }
}

const shortHash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

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
  previousFreeRun: FileRecord | undefined,
  spinUps = new SpinUps(),
  /** The analyses damped_anomaly's climatology is the mean of (the whole archive's). */
  climatologyOf: AnalysisArchive = analyses,
): RunSource | undefined {
  const recipe = {
    t: model.model_type,
    h: model.hyperparameters,
    climatology: model.model_type === 'damped_anomaly' ? shortHash([...climatologyOf.files.values()].map((f) => f.etag)) : null,
  };
  const fields = (states: IceState[]) => states.map((s) => ({ concentration: s.concentration, thickness: s.thickness }));
  const previous = addDays(date, -1);
  // The run from the analysis of `day`: this date's assimilated run, and the next date's free-run spin-up.
  const fromAnalysis = (day: string) => `${shortHash(recipe)}|${analyses.files.get(day)!.etag}`;
  if (run === 'assim_forecast') {
    if (!analyses.has(date)) return undefined;
    return {
      id: `computed:${shortHash({ ...recipe, from: analyses.files.get(date)!.etag })}`,
      load: async () => {
        const states = (await forecastFrom(ctx, model, await analyses.state(date), date)).map(sectorState);
        spinUps.remember(fromAnalysis(date), states[0]);
        return fields(states);
      },
    };
  }
  if (previousFreeRun) {
    return {
      id: `computed:${shortHash({ ...recipe, after: previousFreeRun.etag })}`,
      load: async () => {
        const bytes = await readFile(resolveInside(ctx.dataDir, previousFreeRun.path));
            const start = decodeStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0).state;
        return fields((await forecastFrom(ctx, model, start, date)).map(sectorState));
      },
    };
  }
  const startDate = analyses.has(previous) ? previous : analyses.has(date) ? date : undefined;
  if (!startDate) return undefined;
  return {
    id: `computed:${shortHash({ ...recipe, from: analyses.files.get(startDate)!.etag, spinUp: startDate === previous })}`,
    load: async () => {
      const start =
        startDate === previous
          ? await spinUps.get(fromAnalysis(previous), async () => sectorState((await forecastFrom(ctx, model, await analyses.state(previous), previous))[0]))
          : await analyses.state(startDate);
      return fields((await forecastFrom(ctx, model, start, date)).map(sectorState));
    },
  };
}
