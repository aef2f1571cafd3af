/**
 * The plan of a verification pass (verify-archive.ts): which records and ensemble scores are missing or stale,
 * decided from the file index and the stored records' input identities alone (no field is read here). A plan is of
 * one region, the context's (the sector when it names none): its files, its analyses, its records.
 */
import { createHash } from 'node:crypto';
import { VERIFICATION_RUNS, type VerificationRun } from '../../../common/api-types/verification.ts';
import { modelFamilies } from '../../../common/model-families.ts';
import { regionOf, type ArchiveContext } from '../archive/pipeline.ts';
import { listModels, type FileRecord, type ModelRecord } from '../archive/forecast-repository.ts';
import { LEAD_HOURS } from '../grid/grid.ts';
import { AnalysisArchive, analysesFor } from './analyses.ts';
import { computedRun, fileRun, SpinUps, type RunSource } from './forecast-runs.ts';
import { ensembleInputs, forecastFiles, recordInputs } from './verification-repository.ts';
import { addDays } from '../../../common/utc-day.ts';

/** Bump when the scores' definitions change, so every stored record is recomputed. */
export const VERIFICATION_VERSION = 1;

/** One run of one model and start date, and the leads of it to score now. */
export interface Candidate {
  model: ModelRecord;
  /** The analyses this model is judged against. */
  analyses: AnalysisArchive;
  run: VerificationRun;
  date: string;
  source: RunSource;
  /** Leads (hours) to compute now. */
  leads: number[];
}

/** The ensemble (SPS) scores of one start date to compute now. */
export interface EnsembleWork {
  leads: number[];
  members: FileRecord[];
  membersId: string;
}

export interface VerifyPlan {
  /** The archive's analyses (newest of any source per date): the ensembles' truth. */
  archive: AnalysisArchive;
  /** Records to compute, by start date, so that each date's files are read once for its records and its ensemble. */
  byDate: Map<string, Candidate[]>;
  ensembles: Map<string, EnsembleWork>;
  /** Every start date with work, oldest first. */
  dates: string[];
  /** Records already current. */
  unchanged: number;
}

/**
 * Model types whose runs are computed in memory where they have no file: the built-in families, cheap to run.
 * Imported (`external`) models have only their files; ONNX networks are scored on the files a forecast
 * generation wrote (running a network over the whole archive in the background would cost a gigabyte and minutes).
 */
export const COMPUTED_TYPES: ReadonlySet<string> = new Set(modelFamilies.map((family) => family.modelType));

const runKey = (run: string, date: string, lead: number) => `${run}|${date}|${lead}`;
const hashOf = (values: string[]) => createHash('sha256').update(values.join('\n')).digest('hex').slice(0, 24);

/** The valid date of a lead of `hours` from `date`. */
export const validDate = (date: string, hours: number) => addDays(date, hours / 24);
const leadsOf = (date: string, analyses: AnalysisArchive) => LEAD_HOURS.filter((h) => analyses.has(validDate(date, h)));

interface ArchiveFiles {
  files: FileRecord[];
  fileOf: Map<string, FileRecord>;
  forecastDates: string[];
}

/** The stale records of every model (of `modelIds` only, when given), by date; and the count of current ones. */
async function planRecords(ctx: ArchiveContext, archive: AnalysisArchive, index: ArchiveFiles, modelIds?: string[]) {
  const { files, fileOf, forecastDates } = index;
  const byDate = new Map<string, Candidate[]>();
  let unchanged = 0;
  const spinUps = new SpinUps();
  for (const model of await listModels(ctx.db)) {
    if (modelIds && !modelIds.includes(model.model_id)) continue;
    const analyses = await analysesFor(ctx, model, archive);
    const stored = await recordInputs(ctx.db, model.model_id, regionOf(ctx).id);
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
        unchanged += leads.length - stale.length;
        if (stale.length === 0) continue;
        const list = byDate.get(date) ?? [];
        list.push({ model, analyses, run, date, source, leads: stale });
        byDate.set(date, list);
      }
    }
  }
  return { byDate, unchanged };
}

/** The stale ensemble scores: a date's members (every file of it) or its truth changed. */
async function planEnsembles(ctx: ArchiveContext, archive: AnalysisArchive, index: ArchiveFiles): Promise<Map<string, EnsembleWork>> {
  const stored = await ensembleInputs(ctx.db, regionOf(ctx).id);
  const work = new Map<string, EnsembleWork>();
  for (const date of index.forecastDates) {
    const members = index.files.filter((f) => f.date === date);
    const membersId = hashOf(members.map((f) => `${f.kind}|${f.owner}|${f.etag}`).sort());
    const leads = leadsOf(date, archive).filter((h) => {
      const have = stored.get(`${date}|${h}`);
      return !have || have.version !== VERIFICATION_VERSION || have.members_id !== membersId || have.analysis_id !== archive.files.get(validDate(date, h))!.etag;
    });
    if (leads.length) work.set(date, { leads, members, membersId });
  }
  return work;
}

/** What a verification pass has to compute (see the header). */
export async function planVerification(ctx: ArchiveContext, modelIds?: string[]): Promise<VerifyPlan> {
  const archive = await AnalysisArchive.open(ctx);
  const files = await forecastFiles(ctx.db, regionOf(ctx).id);
  const index: ArchiveFiles = {
    files,
    fileOf: new Map(files.map((f) => [`${f.kind}|${f.owner}|${f.date}`, f])),
    forecastDates: [...new Set(files.map((f) => f.date))].sort(),
  };
  const { byDate, unchanged } = await planRecords(ctx, archive, index, modelIds);
  const ensembles = await planEnsembles(ctx, archive, index);
  const dates = [...new Set([...byDate.keys(), ...ensembles.keys()])].sort();
  return { archive, byDate, ensembles, dates, unchanged };
}
