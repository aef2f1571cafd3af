/**
 * verifyArchive: bring the verification records up to date with the archive. One record per model, run, start
 * date and lead whose valid date has an analysis; a record is (re)computed when it is missing, when its forecast
 * or either analysis (valid date, start date) was replaced since (their identities differ), or when the way
 * scores are computed changed (VERIFICATION_VERSION). Idempotent and cheap when nothing changed: it compares
 * identities from the file index and reads no file then. One call at a time across the processes of a database
 * (db/locks.ts); each record is written by one statement, so an interruption leaves whole records only.
 *
 * The truth: the newest analysis of the valid date (any source); for a model generated for a dataset that has
 * analyses in the archive, that dataset's (and persistence from it too).
 * The forecasts scored: every forecast and assimilated-forecast file (any model, imported ones included), and
 * for models of the built-in families (COMPUTED_TYPES) on the archive's forecast dates without a file, the run
 * they would write now (forecast-runs.ts `computedRun`). The ensemble score (SPS) of a date and lead
 * takes every file of that date (both runs, every model with a file).
 * Regions: each region's runs are scored against that region's analyses, on its own grid, and stored under its
 * id; a pass brings every region up to date (only the context's when it names one).
 */
import { LruCache } from '../../../common/lru-cache.ts';
import { REGIONS } from '../../../common/regions/index.ts';
import { iceEdgeLengthKm } from '../../../common/verification/ice-edge.ts';
import { cellAreasKm2 } from '../../../common/verification/score-grid.ts';
import { persistenceScores, scoreLead, type FieldScores, type VerifiedFields } from '../../../common/verification/scores.ts';
import { spatialProbabilityScore } from '../../../common/verification/sps.ts';
import { LOCK_KEYS, withLock } from '../db/locks.ts';
import { regionOf, type ArchiveContext } from '../archive/pipeline.ts';
import { LEAD_HOURS, type StateGrid } from '../grid/grid.ts';
import type { AnalysisArchive } from './analyses.ts';
import { fileRun, type RunSource } from './forecast-runs.ts';
import { planVerification, validDate, VERIFICATION_VERSION, type Candidate, type EnsembleWork } from './verification-plan.ts';
import { saveEnsemble, saveRecord, type NewRecord } from './verification-repository.ts';

export interface VerifyOptions {
  /** Only these models' records (the ensemble scores are always brought up to date). */
  modelIds?: string[];
  /** 0..1 and a Russian message, for a job's progress. */
  onProgress?: (fraction: number, message: string) => void;
}

export interface VerifyResult {
  /** Records computed (new or recomputed) now. */
  computed: number;
  /** Records already current. */
  unchanged: number;
  /** Ensemble (SPS) scores computed now. */
  ensembles: number;
  /** Runs that could not be read (a file gone from disk, a corrupt file): `model run date: reason`. */
  failed: string[];
}

/** Bring every record up to date (see the header). Safe to call repeatedly and from several processes. */
export async function verifyArchive(ctx: ArchiveContext, options: VerifyOptions = {}): Promise<VerifyResult> {
  return withLock(ctx.db, LOCK_KEYS.verification, () => verifyUnlocked(ctx, options));
}

// Cell areas per grid, kept across passes: a plane's take ~1–4 s to compute (2.2 M cells of the whole Arctic, each
// corner projected back), 17 MB to keep; a latitude/longitude grid's are one number per row.
const areasByGrid = new LruCache<string, Float64Array>(2);

/** What a pass computes once and reuses: cell areas per grid, edge lengths per analysis, persistence per pair. */
class ScoreCaches {
  private readonly edgeLengths = new Map<string, number>();
  // Persistence scores the same for every model and run of a date and lead: once per pair of analyses.
  private readonly persistenceOf = new Map<string, FieldScores | null>();

  areas(grid: StateGrid): Float64Array {
    const key = JSON.stringify(grid);
    let areas = areasByGrid.get(key);
    if (!areas) {
      areas = cellAreasKm2(grid);
      areasByGrid.set(key, areas);
    }
    return areas;
  }

  edgeLength(truth: Awaited<ReturnType<AnalysisArchive['get']>>): number {
    const key = truth.file.etag;
    if (!this.edgeLengths.has(key)) this.edgeLengths.set(key, iceEdgeLengthKm(truth.fields.concentration, truth.grid));
    return this.edgeLengths.get(key)!;
  }

  persistence(truth: Awaited<ReturnType<AnalysisArchive['get']>>, persistence: Awaited<ReturnType<AnalysisArchive['get']>> | null): FieldScores | null {
    const key = `${persistence?.file.etag ?? '-'}|${truth.file.etag}`;
    if (!this.persistenceOf.has(key)) this.persistenceOf.set(key, persistenceScores(truth.grid, persistence?.fields ?? null, truth.fields, this.areas(truth.grid)));
    return this.persistenceOf.get(key)!;
  }
}

type Load = (source: RunSource) => Promise<VerifiedFields[]>;

/** Score a candidate's stale leads and store each record. */
async function scoreCandidate(ctx: ArchiveContext, candidate: Candidate, load: Load, caches: ScoreCaches, result: VerifyResult): Promise<void> {
  const { model, run, source, analyses, date } = candidate;
  let leads: VerifiedFields[];
  try {
    leads = await load(source);
  } catch (error) {
    result.failed.push(`${model.model_id} ${run} ${date}: ${(error as Error).message}`);
    return;
  }
  for (const hours of candidate.leads) {
    const valid = validDate(date, hours);
    const truth = await analyses.get(valid);
    if (leads[LEAD_HOURS.indexOf(hours)]?.concentration.length !== truth.fields.concentration.length) {
      result.failed.push(`${model.model_id} ${run} ${date}: the forecast's grid is not the analysis's`);
      return;
    }
    const persistence = analyses.has(date) ? await analyses.get(date) : null;
    const scores = scoreLead({
      grid: truth.grid,
      forecast: leads[LEAD_HOURS.indexOf(hours)],
      analysis: truth.fields,
      persistence: persistence?.fields ?? null,
      areas: caches.areas(truth.grid),
      edgeLengthKm: caches.edgeLength(truth),
      persistenceScores: caches.persistence(truth, persistence),
    });
    const record: NewRecord = {
      model_id: model.model_id,
      run,
      date,
      lead_hours: hours,
      valid_date: valid,
      truth_source: truth.file.owner,
      truth_label: truth.label,
      forecast_id: source.id,
      analysis_id: truth.file.etag,
      persistence_id: persistence?.file.etag ?? null,
      version: VERIFICATION_VERSION,
      region: regionOf(ctx).id,
      ...scores,
    };
    await saveRecord(ctx.db, record);
    result.computed++;
  }
}

/** Score a date's ensemble (every file of it) at its stale leads; none when a member cannot be read. */
async function scoreEnsemble(ctx: ArchiveContext, date: string, ensemble: EnsembleWork, archive: AnalysisArchive, load: Load, caches: ScoreCaches, result: VerifyResult): Promise<void> {
  const members: VerifiedFields[][] = [];
  for (const file of ensemble.members) {
    try {
      members.push(await load(fileRun(ctx.dataDir, file)));
    } catch (error) {
      result.failed.push(`${file.owner} ${file.kind} ${date}: ${(error as Error).message}`);
    }
  }
  if (members.length !== ensemble.members.length) return;
  for (const hours of ensemble.leads) {
    const truth = await archive.get(validDate(date, hours));
    const index = LEAD_HOURS.indexOf(hours);
    const sps = spatialProbabilityScore(truth.grid, members.map((m) => m[index].concentration), truth.fields.concentration, caches.areas(truth.grid));
    if (sps === null) continue;
    await saveEnsemble(ctx.db, {
      date,
      lead_hours: hours,
      valid_date: validDate(date, hours),
      members: members.length,
      members_id: ensemble.membersId,
      analysis_id: truth.file.etag,
      version: VERIFICATION_VERSION,
      sps_km2: sps,
      region: regionOf(ctx).id,
    });
    result.ensembles++;
  }
}

/** Every region's pass (the context's region only, when it names one), one after the other. */
async function verifyUnlocked(ctx: ArchiveContext, options: VerifyOptions): Promise<VerifyResult> {
  const started = performance.now();
  const result: VerifyResult = { computed: 0, unchanged: 0, ensembles: 0, failed: [] };
  for (const region of ctx.region ? [ctx.region] : REGIONS) await verifyRegion({ ...ctx, region }, options, result);
  options.onProgress?.(1, `оценено прогнозов: ${result.computed}`);
  ctx.log?.info({ ...result, failed: result.failed.length, ms: Math.round(performance.now() - started) }, 'verification records up to date');
  return result;
}

/** Plan (verification-plan.ts), then compute date by date: each run's leads loaded once for its records and ensemble. */
async function verifyRegion(ctx: ArchiveContext, options: VerifyOptions, result: VerifyResult): Promise<void> {
  const plan = await planVerification(ctx, options.modelIds);
  result.unchanged += plan.unchanged;
  const caches = new ScoreCaches();
  for (const [index, date] of plan.dates.entries()) {
    // The sector's message as it always was; another region's names it ('Арктика целиком: оценка прогнозов за …').
    const region = regionOf(ctx);
    options.onProgress?.(index / plan.dates.length, `${region.id === 'sector' ? '' : `${region.name}: `}оценка прогнозов за ${date}`);
    const loaded = new Map<string, Promise<VerifiedFields[]>>();
    const load: Load = (source) => {
      if (!loaded.has(source.id)) loaded.set(source.id, source.load());
      return loaded.get(source.id)!;
    };
    for (const candidate of plan.byDate.get(date) ?? []) await scoreCandidate(ctx, candidate, load, caches, result);
    const ensemble = plan.ensembles.get(date);
    if (ensemble) await scoreEnsemble(ctx, date, ensemble, plan.archive, load, caches, result);
  }
}
