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
 * they would write now (inputs.ts `computedRun`). The ensemble score (SPS) of a date and lead
 * takes every file of that date (both runs, every model with a file).
 */
import { createHash } from 'node:crypto';
import { VERIFICATION_RUNS, type VerificationRun } from '../../../common/api-types/verification.ts';
import { rowAreasKm2 } from '../../../common/verification/grid-area.ts';
import { iceEdgeLengthKm } from '../../../common/verification/ice-edge.ts';
import { persistenceScores, scoreLead, type FieldScores, type VerifiedFields } from '../../../common/verification/scores.ts';
import { spatialProbabilityScore } from '../../../common/verification/sps.ts';
import { LOCK_KEYS, withLock } from '../db/locks.ts';
import { addDays, type ArchiveContext } from '../archive/pipeline.ts';
import { listModels, type FileRecord, type ModelRecord } from '../archive/forecast-repository.ts';
import { LEAD_HOURS, type Grid } from '../grid/grid.ts';
import { modelFamilies } from '../../../common/model-families.ts';
import { AnalysisArchive, computedRun, fileRun, SpinUps, type RunSource } from './inputs.ts';
import { ensembleInputs, forecastFiles, modelDatasets, recordInputs, saveEnsemble, saveRecord, type RecordRow } from './verification-repository.ts';

/** Bump when the scores' definitions change, so every stored record is recomputed. */
const VERIFICATION_VERSION = 1;

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

interface Candidate {
  model: ModelRecord;
  /** The analyses this model is judged against. */
  analyses: AnalysisArchive;
  run: VerificationRun;
  date: string;
  source: RunSource;
  /** Leads (hours) to compute now. */
  leads: number[];
}

/** A generated model's dataset's analyses when the archive has any, else the archive's (newest of any source). */
async function analysesOf(ctx: ArchiveContext, datasetId: string | null, archive: AnalysisArchive): Promise<AnalysisArchive> {
  if (!datasetId) return archive;
  const own = await AnalysisArchive.ofDataset(ctx, datasetId);
  return own.files.size > 0 ? own : archive;
}

/**
 * Model types whose runs are computed in memory where they have no file: the built-in families, cheap to run.
 * Imported (`external`) models have only their files; ONNX networks are scored on the files a forecast
 * generation wrote (running a network over the whole archive in the background would cost a gigabyte and minutes).
 */
const COMPUTED_TYPES: ReadonlySet<string> = new Set(modelFamilies.map((family) => family.modelType));

const runKey = (run: string, date: string, lead: number) => `${run}|${date}|${lead}`;
const hashOf = (values: string[]) => createHash('sha256').update(values.join('\n')).digest('hex').slice(0, 24);

async function verifyUnlocked(ctx: ArchiveContext, options: VerifyOptions): Promise<VerifyResult> {
  const started = performance.now();
  const archive = await AnalysisArchive.open(ctx);
  const files = await forecastFiles(ctx.db);
  const fileOf = new Map(files.map((f) => [`${f.kind}|${f.owner}|${f.date}`, f]));
  const forecastDates = [...new Set(files.map((f) => f.date))].sort();
  const validDate = (date: string, hours: number) => addDays(date, hours / 24);
  const leadsOf = (date: string, analyses: AnalysisArchive) => LEAD_HOURS.filter((h) => analyses.has(validDate(date, h)));
  const result: VerifyResult = { computed: 0, unchanged: 0, ensembles: 0, failed: [] };

  // What to compute, date by date, so that each date's files are read once for its records and its ensemble.
  const byDate = new Map<string, Candidate[]>();
  const spinUps = new SpinUps();
  const datasets = await modelDatasets(ctx.db);
  for (const model of await listModels(ctx.db)) {
    if (options.modelIds && !options.modelIds.includes(model.model_id)) continue;
    const analyses = await analysesOf(ctx, datasets.get(model.model_id) ?? null, archive);
    const stored = await recordInputs(ctx.db, model.model_id);
    for (const run of VERIFICATION_RUNS) {
      const dates = new Set(files.filter((f) => f.kind === run && f.owner === model.model_id).map((f) => f.date));
      if (COMPUTED_TYPES.has(model.model_type)) for (const date of forecastDates) dates.add(date);
      for (const date of [...dates].sort()) {
        const leads = leadsOf(date, analyses);
        if (leads.length === 0) continue;
        const file = fileOf.get(`${run}|${model.model_id}|${date}`);
        const source = file
          ? fileRun(ctx.dataDir, file)
          : computedRun(ctx, model, run, date, analyses, fileOf.get(`forecast|${model.model_id}|${addDays(date, -1)}`), spinUps, archive);
        if (!source) continue;
        const persistenceId = analyses.files.get(date)?.etag ?? null;
        const stale = leads.filter((h) => {
          const have = stored.get(runKey(run, date, h));
          return (
            !have ||
            have.version !== VERIFICATION_VERSION ||
            have.forecast_id !== source.id ||
            have.analysis_id !== analyses.files.get(validDate(date, h))!.etag ||
            have.persistence_id !== persistenceId
          );
        });
        result.unchanged += leads.length - stale.length;
        if (stale.length === 0) continue;
        const list = byDate.get(date) ?? [];
        list.push({ model, analyses, run, date, source, leads: stale });
        byDate.set(date, list);
      }
    }
  }
  const storedEnsembles = await ensembleInputs(ctx.db);
  const ensembleWork = new Map<string, { leads: number[]; members: FileRecord[]; membersId: string }>();
  for (const date of forecastDates) {
    const members = files.filter((f) => f.date === date);
    const membersId = hashOf(members.map((f) => `${f.kind}|${f.owner}|${f.etag}`).sort());
    const leads = leadsOf(date, archive).filter((h) => {
      const have = storedEnsembles.get(`${date}|${h}`);
      return !have || have.version !== VERIFICATION_VERSION || have.members_id !== membersId || have.analysis_id !== archive.files.get(validDate(date, h))!.etag;
    });
    if (leads.length) ensembleWork.set(date, { leads, members, membersId });
  }

  const dates = [...new Set([...byDate.keys(), ...ensembleWork.keys()])].sort();
  const areasByGrid = new Map<string, Float64Array>();
  const areasOf = (grid: Grid) => {
    const key = JSON.stringify(grid);
    if (!areasByGrid.has(key)) areasByGrid.set(key, rowAreasKm2(grid));
    return areasByGrid.get(key)!;
  };
  const edgeLengths = new Map<string, number>();
  // Persistence scores the same for every model and run of a date and lead: once per pair of analyses.
  const persistenceOf = new Map<string, FieldScores | null>();
  for (const [index, date] of dates.entries()) {
    options.onProgress?.(index / dates.length, `оценка прогнозов за ${date}`);
    // A run's leads, loaded once for this date's records and its ensemble.
    const loaded = new Map<string, Promise<VerifiedFields[]>>();
    const load = (source: RunSource) => {
      if (!loaded.has(source.id)) loaded.set(source.id, source.load());
      return loaded.get(source.id)!;
    };
    for (const candidate of byDate.get(date) ?? []) {
      const { model, run, source, analyses } = candidate;
      let leads: VerifiedFields[];
      try {
        leads = await load(source);
      } catch (error) {
        result.failed.push(`${model.model_id} ${run} ${date}: ${(error as Error).message}`);
        continue;
      }
      for (const hours of candidate.leads) {
        const valid = validDate(date, hours);
        const truth = await analyses.get(valid);
        if (leads[LEAD_HOURS.indexOf(hours)]?.concentration.length !== truth.fields.concentration.length) {
          result.failed.push(`${model.model_id} ${run} ${date}: the forecast's grid is not the analysis's`);
          break;
        }
        const persistence = analyses.has(date) ? await analyses.get(date) : null;
        const edgeKey = truth.file.etag;
        if (!edgeLengths.has(edgeKey)) edgeLengths.set(edgeKey, iceEdgeLengthKm(truth.fields.concentration, truth.grid));
        const pairKey = `${persistence?.file.etag ?? '-'}|${truth.file.etag}`;
        if (!persistenceOf.has(pairKey)) persistenceOf.set(pairKey, persistenceScores(truth.grid, persistence?.fields ?? null, truth.fields, areasOf(truth.grid)));
        const scores = scoreLead({
          grid: truth.grid,
          forecast: leads[LEAD_HOURS.indexOf(hours)],
          analysis: truth.fields,
          persistence: persistence?.fields ?? null,
          areas: areasOf(truth.grid),
          edgeLengthKm: edgeLengths.get(edgeKey),
          persistenceScores: persistenceOf.get(pairKey),
        });
        const record: RecordRow = {
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
          ...scores,
        };
        await saveRecord(ctx.db, record);
        result.computed++;
      }
    }
    const ensemble = ensembleWork.get(date);
    if (ensemble) {
      const members: VerifiedFields[][] = [];
      for (const file of ensemble.members) {
        try {
          members.push(await load(fileRun(ctx.dataDir, file)));
        } catch (error) {
          result.failed.push(`${file.owner} ${file.kind} ${date}: ${(error as Error).message}`);
        }
      }
      if (members.length === ensemble.members.length) {
        for (const hours of ensemble.leads) {
          const truth = await archive.get(validDate(date, hours));
          const index = LEAD_HOURS.indexOf(hours);
          const sps = spatialProbabilityScore(truth.grid, members.map((m) => m[index].concentration), truth.fields.concentration, areasOf(truth.grid));
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
          });
          result.ensembles++;
        }
      }
    }
  }
  options.onProgress?.(1, `оценено прогнозов: ${result.computed}`);
  ctx.log?.info({ ...result, failed: result.failed.length, ms: Math.round(performance.now() - started) }, 'verification records up to date');
  return result;
}
