/**
 * The analyses a model is judged against (hindcast metrics; verification may use the same): those of the dataset the
 * model was generated for when the archive has any, else the archive's (the newest of any source per date, as
 * /analysis/hist serves them). A dataset's analyses are read as they are: none is generated for a missing date.
 */
import { readFile } from 'node:fs/promises';
import { analysisDates, existingFile, loadAnalysis, sectorState, type ArchiveContext } from '../archive/pipeline.ts';
import { decodeStateFile } from '../archive/forecast-file.ts';
import { resolveInside } from '../archive/file-store.ts';
import { fileDates, type ModelRecord } from '../archive/forecast-repository.ts';
import type { IceState } from '../grid/ice-state.ts';

export interface ModelAnalyses {
  /** The dataset whose analyses these are; null: the archive's of any source. */
  datasetId: string | null;
  /** 'YYYY-MM-DD', oldest first. */
  dates: string[];
  /** The analysis valid on one of `dates`, read once per date. */
  load(date: string): Promise<IceState>;
}

/** The archive's analyses of any source, cached per date (one object serves every model without a dataset). */
export async function archiveAnalyses(ctx: ArchiveContext): Promise<ModelAnalyses> {
  return { datasetId: null, dates: await analysisDates(ctx), load: cached(async (date) => sectorState(await loadAnalysis(ctx, date))) };
}

/** `model`'s dataset's analyses when it has a dataset with archived analyses, else `fallback`. */
export async function analysesForModel(ctx: ArchiveContext, model: ModelRecord, fallback: ModelAnalyses): Promise<ModelAnalyses> {
  const datasetId = model.dataset_id;
  if (!datasetId) return fallback;
  const dates = await fileDates(ctx.db, 'analysis', datasetId);
  if (dates.length === 0) return fallback;
  return {
    datasetId,
    dates,
    load: cached(async (date) => {
      const record = await existingFile(ctx, 'analysis', datasetId, date);
      if (!record) throw new Error(`the analysis of ${datasetId} for ${date} is indexed but its file is missing`);
      const bytes = await readFile(resolveInside(ctx.dataDir, record.path));
      return decodeStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0).state;
    }),
  };
}

function cached(load: (date: string) => Promise<IceState>): (date: string) => Promise<IceState> {
  const states = new Map<string, Promise<IceState>>();
  return (date) => {
    let state = states.get(date);
    if (!state) states.set(date, (state = load(date)));
    return state;
  };
}
