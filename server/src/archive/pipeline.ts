/**
 * The forecast archive: analyses of a dataset and model runs as files under DATA_DIR, indexed in SQLite.
 *
 *  - analysis(D): from the analysis source (the demo generator by default), archived as a one-step file;
 *  - assim_forecast(M, D): model M started from the analysis of D;
 *  - forecast(M, D): model M started from the +24h state of forecast(M, D−1), a free run with no correction;
 *    for the first day of a chain it starts from analysis(D−1) run 24 h, or from analysis(D) if there is none.
 * Files, once written, are never rewritten (the API serves them as immutable).
 *
 * Everything here is plain async functions over `{db, dataDir}`, so a job in a worker thread can open the
 * database and call `buildDay`, `runModel` or `recomputeMetrics` the same way the startup task does.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { nowText, type Db } from '../db/database.ts';
import { demoSource, type AnalysisSource } from './analysis-source.ts';
import { encodeStateFile, type FileKind, type FileMetadata } from './forecast-file.ts';
import { decodeAnyStateFile, encodeRegionStateFile } from './region-state-file.ts';
import { relativeFilePath, resolveInside, writeFileAtomic } from './file-store.ts';
import { sha256Of, usableFile } from './file-integrity.ts';
import { removeCompressedCopies } from './copy-checksum.ts';
import {
  analysisFileDates,
  defaultModel,
  fileDates,
  findFile,
  findModel,
  latestAnalysisFile,
  recordFile,
  type FileRecord,
  type ModelRecord,
} from './forecast-repository.ts';
import { SECTOR_GRID, LEAD_HOURS, isPlanarGrid, type Grid, type StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';
import { regionById, type Region } from '../../../common/regions/index.ts';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { climatology, runModelType } from '../models/index.ts';
import { ONNX_MODEL_TYPE, networkRegion, runOnnxModel } from '../models/onnx/onnx-model.ts';
import { addDays } from '../../../common/utc-day.ts';

export interface ArchiveLog {
  info: (details: object, message: string) => void;
}

export interface ArchiveContext {
  db: Db;
  dataDir: string;
  /** The region whose files this context reads and writes: the sector when absent. */
  region?: Region;
  /** The sector's grid when not the spec's (tests run on small grids); a projected region's grid is its own. */
  grid?: Grid;
  source?: AnalysisSource;
  log?: ArchiveLog;
  /** Progress of a long model run's steps, for the job that asked for it. */
  step?: (message: string) => void;
  /** Told of each file once written and indexed (the server warms its subsets: subset-warmer.ts). */
  written?: (path: string, etag: string) => void;
}

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

/** Any region's state: the sector's latitude/longitude grid or a projected region's plane. */
type AnyState = IceState<StateGrid>;

export const regionOf = (ctx: ArchiveContext): Region => ctx.region ?? regionById('sector');
const gridOf = (ctx: ArchiveContext): StateGrid => {
  const region = regionOf(ctx);
  return region.kind === 'projected' ? region.grid : (ctx.grid ?? SECTOR_GRID);
};
const sourceOf = (ctx: ArchiveContext) => ctx.source ?? demoSource;

/** The file of states on the context's region: the sector's layout, or the projected region's (region-state-file.ts). */
function encodeStates(ctx: ArchiveContext, states: AnyState[], meta: FileMetadata): Uint8Array {
  const region = regionOf(ctx);
  if (region.kind === 'latlon') return encodeStateFile(states as IceState[], meta);
  if (!states.every((state) => isPlanarGrid(state.grid))) throw new ArchiveError(`states for region ${region.id} must lie on its grid`);
  return encodeRegionStateFile(region, states as IceState<PlanarGrid>[], meta);
}

/** An ETag for a file written once: kind, owner, date, size and write time identify its bytes. */
export function makeEtag(kind: FileKind, owner: string, date: string, bytes: number, mtimeMs: number): string {
  return `"${kind}-${owner}-${date}-${bytes.toString(36)}-${Math.round(mtimeMs).toString(36)}"`;
}

async function store(ctx: ArchiveContext, kind: FileKind, owner: string, date: string, bytes: Uint8Array): Promise<FileRecord> {
  const region = regionOf(ctx).id;
  const rel = relativeFilePath(kind, owner, date, region);
  const full = resolveInside(ctx.dataDir, rel);
  writeFileAtomic(full, bytes);
  // A file written again (its predecessor found damaged): copies made from the old bytes must not be served for it.
  removeCompressedCopies(full);
  const { size, mtimeMs } = statSync(full);
  // The sector's ETags stay as they were; another region's name it (a file of each region may share kind, owner, date).
  const etag = makeEtag(kind, region === 'sector' ? owner : `${owner}-${region}`, date, size, mtimeMs);
  const record = { kind, owner, date, region, path: rel, bytes: size, etag, sha256: sha256Of(bytes), mtime_ms: mtimeMs };
  await recordFile(ctx.db, record);
  const indexed = (await findFile(ctx.db, kind, owner, date, region))!;
  ctx.written?.(full, indexed.etag);
  return indexed;
}

/** The indexed file, if it is also on disk whole (of its indexed size, not marked damaged: else it is made again). */
export async function existingFile(ctx: ArchiveContext, kind: FileKind, owner: string, date: string): Promise<FileRecord | undefined> {
  const record = await findFile(ctx.db, kind, owner, date, regionOf(ctx).id);
  if (!record) return undefined;
  try {
    return usableFile(resolveInside(ctx.dataDir, record.path), record) ? record : undefined;
  } catch {
    return undefined;
  }
}

async function readState(ctx: ArchiveContext, record: FileRecord, lead: number): Promise<AnyState> {
  const bytes = await readFile(resolveInside(ctx.dataDir, record.path));
  return decodeAnyStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), lead).state;
}

/**
 * The analysis file of `date` the archive works from: the source's own; or, when no source is named, the newest
 * analysis of any source (a real one ingested or imported wins over the demo's, as /analysis/hist serves it).
 */
async function analysisFile(ctx: ArchiveContext, date: string): Promise<FileRecord | undefined> {
  const own = await existingFile(ctx, 'analysis', sourceOf(ctx).datasetId, date);
  if (ctx.source) return own;
  const newest = await latestAnalysisFile(ctx.db, date, regionOf(ctx).id);
  return newest && newest.owner !== demoSource.datasetId ? ((await existingFile(ctx, 'analysis', newest.owner, date)) ?? own) : own;
}

/** Archive the analysis of `date` unless it is there already. */
export async function ensureAnalysis(ctx: ArchiveContext, date: string): Promise<FileRecord> {
  const source = sourceOf(ctx);
  const existing = await analysisFile(ctx, date);
  if (existing) return existing;
  const grid = gridOf(ctx);
  // An ingested source's analyses come only through the ingest (the daily cycle, an import).
  if (!isPlanarGrid(grid) && !source.analysis) throw new ArchiveError(`нет анализа ${source.datasetId} за ${date}`);
  const state = isPlanarGrid(grid) ? await regionAnalysis(source, date, grid) : await source.analysis!(date, grid);
  const bytes = encodeStates(ctx, [state], {
    kind: 'analysis',
    date,
    model: source.datasetId,
    assimilated: true,
    source: source.sourceLabel,
    leadHours: [0],
  });
  return store(ctx, 'analysis', source.datasetId, date, bytes);
}

/** A state the caller works with on the sector's grid only (verification so far): a projected region's is refused. */
export function sectorState(state: AnyState): IceState {
  if (isPlanarGrid(state.grid)) throw new ArchiveError('this step works on the sector only');
  return state as IceState;
}

/** A projected region's analysis from the source: the source must know how to make one. */
async function regionAnalysis(source: AnalysisSource, date: string, grid: PlanarGrid): Promise<IceState<PlanarGrid>> {
  if (!source.planarAnalysis) throw new ArchiveError(`the analysis source ${source.datasetId} gives no analyses on a projected grid`);
  return source.planarAnalysis(date, grid);
}

/** The archived analysis of `date` (archived first if needed). */
export async function loadAnalysis(ctx: ArchiveContext, date: string): Promise<AnyState> {
  return readState(ctx, await ensureAnalysis(ctx, date), 0);
}

/** Dates of the source's archived analyses (of any source when none is named), oldest first. */
export async function analysisDates(ctx: ArchiveContext): Promise<string[]> {
  const region = regionOf(ctx).id;
  return ctx.source ? fileDates(ctx.db, 'analysis', ctx.source.datasetId, region) : analysisFileDates(ctx.db, region);
}

const climatologyCache = new Map<string, AnyState>();

/**
 * Mean of every archived analysis (damped_anomaly's reference), cached per set of analysis files: keyed by each
 * file's ETag, not by its date, since a real analysis may replace the demo's under the same date.
 */
async function archiveClimatology(ctx: ArchiveContext): Promise<AnyState> {
  const records: FileRecord[] = [];
  for (const date of await analysisDates(ctx)) {
    const record = await analysisFile(ctx, date);
    if (record) records.push(record);
  }
  if (records.length === 0) throw new ArchiveError('the analysis archive is empty');
  const key = `${ctx.dataDir}|${records.map((record) => record.etag).join(',')}`;
  const cached = climatologyCache.get(key);
  if (cached) return cached;
  const states: AnyState[] = [];
  for (const record of records) states.push(await readState(ctx, record, 0));
  const mean = climatology(states);
  climatologyCache.clear();
  climatologyCache.set(key, mean);
  return mean;
}

async function requireModel(ctx: ArchiveContext, modelId: string): Promise<ModelRecord> {
  const model = await findModel(ctx.db, modelId);
  if (!model) throw new ArchiveError(`unknown model ${modelId}`);
  return model;
}

/** The archived analysis of `date`, if there is one (never made up from the source). */
export async function archivedAnalysis(ctx: ArchiveContext, date: string): Promise<AnyState | undefined> {
  const record = await analysisFile(ctx, date);
  return record ? readState(ctx, record, 0) : undefined;
}

interface ModelRun {
  states: AnyState[];
  /** Extra global attributes of the run's file (a network's identity). */
  attributes?: Record<string, string>;
}

async function modelRun(ctx: ArchiveContext, model: ModelRecord, initial: AnyState, date: string): Promise<ModelRun> {
  if (model.model_type === ONNX_MODEL_TYPE) {
    // A network runs on the grid it was trained on: its spec's region (the sector when it names none).
    const trained = networkRegion(model);
    const region = regionOf(ctx);
    if (trained.id !== region.id) throw new ArchiveError(`сеть ${model.model_id} обучена для района «${trained.name}», не «${region.name}»`);
    const analysis = (day: string) => archivedAnalysis(ctx, day);
    return runOnnxModel({ dataDir: ctx.dataDir, analysis, step: ctx.step }, model, initial, date, LEAD_HOURS);
  }
  const needsClimatology = model.model_type === 'damped_anomaly';
  const states = runModelType(model.model_type, initial, model.hyperparameters, {
    leadHours: LEAD_HOURS,
    climatology: needsClimatology ? await archiveClimatology(ctx) : undefined,
  });
  return { states };
}

/** Run a model from a given initial state, the state of `date` at 00:00 UTC: one state per lead time. */
export async function forecastFrom(ctx: ArchiveContext, model: ModelRecord, initial: AnyState, date: string): Promise<AnyState[]> {
  return (await modelRun(ctx, model, initial, date)).states;
}

/** The state a free run of `model` starts from on `date`: the previous forecast's +24h (see the header). */
async function freeRunStart(ctx: ArchiveContext, model: ModelRecord, date: string): Promise<AnyState> {
  const previousDate = addDays(date, -1);
  const previous = await existingFile(ctx, 'forecast', model.model_id, previousDate);
  if (previous) return readState(ctx, previous, LEAD_HOURS.indexOf(24));
  const previousAnalysis = await analysisFile(ctx, previousDate);
  if (previousAnalysis) {
    const run = await forecastFrom(ctx, model, await readState(ctx, previousAnalysis, 0), previousDate);
    return run[LEAD_HOURS.indexOf(24)];
  }
  return loadAnalysis(ctx, date);
}

/**
 * Write model `modelId`'s run for `date` as a `kind` file ('assim_forecast': from the analysis of the date;
 * 'forecast': the free run). Returns the existing file when there is one.
 */
export async function runModel(
  ctx: ArchiveContext,
  modelId: string,
  date: string,
  kind: 'forecast' | 'assim_forecast' = 'assim_forecast',
): Promise<FileRecord> {
  const model = await requireModel(ctx, modelId);
  const existing = await existingFile(ctx, kind, model.model_id, date);
  if (existing) return existing;
  const started = performance.now();
  const initial = kind === 'assim_forecast' ? await loadAnalysis(ctx, date) : await freeRunStart(ctx, model, date);
  const { states, attributes } = await modelRun(ctx, model, initial, date);
  // The run says where its data came from: the analysis it started from (a real one's label, never the demo's).
  const origin = (await analysisFile(ctx, date)) ?? (await analysisFile(ctx, addDays(date, -1)));
  const bytes = encodeStates(ctx, states, {
    kind,
    date,
    model: model.model_id,
    modelType: model.model_type,
    assimilated: kind === 'assim_forecast',
    source: origin ? await sourceLabelOf(ctx, origin) : sourceOf(ctx).sourceLabel,
    leadHours: LEAD_HOURS,
    attributes,
  });
  const record = await store(ctx, kind, model.model_id, date, bytes);
  if (origin) await inheritProvenance(ctx, origin, kind, model.model_id, date);
  ctx.log?.info({ kind, model: model.model_id, date, bytes: record.bytes, ms: Math.round(performance.now() - started) }, 'forecast file written');
  return record;
}

/** The `source` attribute of an archived analysis (the demo's label when it has none). */
async function sourceLabelOf(ctx: ArchiveContext, analysis: FileRecord): Promise<string> {
  if (analysis.owner === demoSource.datasetId) return demoSource.sourceLabel;
  const bytes = await readFile(resolveInside(ctx.dataDir, analysis.path));
  const label = decodeAnyStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0).attributes.source;
  return typeof label === 'string' && label ? label : analysis.owner;
}

/**
 * A run from a real analysis records that analysis's provenance rows as its own (the products, files and
 * checksums it rests on, with the analysis named in `details`); a run from the demo's has none.
 */
async function inheritProvenance(ctx: ArchiveContext, analysis: FileRecord, kind: FileKind, owner: string, date: string): Promise<void> {
  const rows = await ctx.db
    .selectFrom('ingest_provenance')
    .select(['product', 'source', 'original_name', 'sha256', 'bytes', 'details', 'user_id'])
    .where('kind', '=', 'analysis')
    .where('owner', '=', analysis.owner)
    .where('date', '=', analysis.date)
    .where('region', '=', analysis.region)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return;
  // The run is on the analysis's region: its rows (and only that region's) are replaced.
  const region = analysis.region;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ingest_provenance').where('kind', '=', kind).where('owner', '=', owner).where('date', '=', date).where('region', '=', region).execute();
    for (const row of rows) {
      const details = { ...(JSON.parse(row.details) as Record<string, unknown>), analysis: { dataset_id: analysis.owner, date: analysis.date, path: analysis.path } };
      await trx.insertInto('ingest_provenance').values({ ...row, kind, owner, date, region, details: JSON.stringify(details), created_at: nowText() }).execute();
    }
  });
}

/** Archive the analysis of `date` and write the default model's forecast and assimilated forecast. */
export async function buildDay(ctx: ArchiveContext, date: string): Promise<FileRecord[]> {
  const model = await defaultModel(ctx.db);
  if (!model) throw new ArchiveError('no default model');
  const analysis = await ensureAnalysis(ctx, date);
  const assim = await runModel(ctx, model.model_id, date, 'assim_forecast');
  const free = await runModel(ctx, model.model_id, date, 'forecast');
  return [analysis, assim, free];
}

/** Forecast dates of the default model in the context's region (what /forecast/info lists), oldest first. */
export async function availableDates(ctx: ArchiveContext): Promise<string[]> {
  const model = await defaultModel(ctx.db);
  return model ? fileDates(ctx.db, 'forecast', model.model_id, regionOf(ctx).id) : [];
}
