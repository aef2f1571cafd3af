/**
 * The analyses that judge a model, read in one place for both kinds of scores (the verification records and the
 * hindcast metrics): the newest of each date, any source, as /analysis/hist serves them (or the named source's,
 * when the context names one); a model generated for a dataset is judged against that dataset's analyses when the
 * archive has any (`analysesFor`). Each archive is of one region: the context's (the sector when it names none).
 */
import { readFile } from 'node:fs/promises';
import { LruCache } from '../../../common/lru-cache.ts';
import type { VerifiedFields } from '../../../common/verification/scores.ts';
import { regionOf, type ArchiveContext } from '../archive/pipeline.ts';
import { resolveInside } from '../archive/file-store.ts';
import { decodeAnyStateFile } from '../archive/region-state-file.ts';
import { analysisFileDates, fileDates, findFile, latestAnalysisFile, type FileRecord, type ModelRecord } from '../archive/forecast-repository.ts';
import type { StateGrid } from '../grid/grid.ts';
import type { IceState } from '../grid/ice-state.ts';

/** A file's text attribute without NetCDF-3's trailing padding. */
export const textAttribute = (value: unknown) => (typeof value === 'string' ? value.replace(/[\0\s]+$/, '') : '');

/** An analysis as the records name it. */
export interface AnalysisEntry {
  file: FileRecord;
  fields: VerifiedFields;
  grid: StateGrid;
  /** The truth's label (the file's `source` attribute, else its dataset id). */
  label: string;
}

interface DecodedAnalysis {
  state: IceState<StateGrid>;
  label: string;
}

async function datasetFiles(ctx: ArchiveContext, datasetId: string): Promise<Map<string, FileRecord>> {
  const files = new Map<string, FileRecord>();
  const region = regionOf(ctx).id;
  for (const date of await fileDates(ctx.db, 'analysis', datasetId, region)) {
    const file = await findFile(ctx.db, 'analysis', datasetId, date, region);
    if (file) files.set(date, file);
  }
  return files;
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
    /** The dataset whose analyses these are; null: the archive's, of any source. */
    readonly datasetId: string | null,
    capacity: number,
  ) {
    this.cache = new LruCache(capacity);
  }

  /** The archive's analyses: the newest of any source per date; the source's own when `ctx` names one. */
  static async open(ctx: ArchiveContext, capacity = 8): Promise<AnalysisArchive> {
    if (ctx.source) return new AnalysisArchive(ctx.dataDir, await datasetFiles(ctx, ctx.source.datasetId), null, capacity);
    const files = new Map<string, FileRecord>();
    const region = regionOf(ctx).id;
    for (const date of await analysisFileDates(ctx.db, region)) {
      const file = await latestAnalysisFile(ctx.db, date, region);
      if (file) files.set(date, file);
    }
    return new AnalysisArchive(ctx.dataDir, files, null, capacity);
  }

  /** One dataset's analyses (a generated model is judged against its dataset's when the archive has them). */
  static async ofDataset(ctx: ArchiveContext, datasetId: string, capacity = 8): Promise<AnalysisArchive> {
    return new AnalysisArchive(ctx.dataDir, await datasetFiles(ctx, datasetId), datasetId, capacity);
  }

  /** The dates with an analysis, oldest first. */
  dates(): string[] {
    return [...this.files.keys()].sort();
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
      const { state, attributes } = decodeAnyStateFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0);
      return { state, label: textAttribute(attributes.source) || file.owner };
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
  async state(date: string): Promise<IceState<StateGrid>> {
    return (await this.decoded(date)).state;
  }
}


/** The analyses `model` is judged against: its dataset's when it was generated for one the archive has, else `archive`. */
export async function analysesFor(ctx: ArchiveContext, model: ModelRecord, archive: AnalysisArchive): Promise<AnalysisArchive> {
  if (!model.dataset_id) return archive;
  const own = await AnalysisArchive.ofDataset(ctx, model.dataset_id);
  return own.files.size > 0 ? own : archive;
}
