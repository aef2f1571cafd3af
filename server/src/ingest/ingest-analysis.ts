/**
 * The analysis of a date from real files: get them from the configured source (or take an uploaded one),
 * open, find the ice variables, regrid once into each region they reach (the sector's lat/lon grid, the whole
 * Arctic's plane), merge, and archive one file per region with its provenance.
 * Plain async functions over `{db, dataDir}`: the worker tasks in server/src/jobs/tasks/ call them.
 */
import { RegridError, type RegridMethod } from '../../../common/regrid/index.ts';
import { regionById, type Region, type RegionId } from '../../../common/regions/index.ts';
import { NetcdfError, openNetcdf, type NetcdfDataset } from '../../../netcdf/index.ts';
import { demoSource, type AnalysisSource } from '../archive/analysis-source.ts';
import type { ArchiveContext } from '../archive/pipeline.ts';
import type { FileRecord } from '../archive/forecast-repository.ts';
import { registerProductDatasets, type DatasetInfo } from './datasets.ts';
import { downloadFile, inboxFiles, readLocalFile, type ByteProgress, type FetchedFile } from './fetch-file.ts';
import { fillTemplate, INBOX_DATASET_ID, type AnalysisSourceConfig, type Product } from './products.ts';
import { storeWithProvenance, type ProvenanceInput } from './store.ts';
import { convertDataset, IngestError, ingestReasonsRu, mergeFields, type ConvertedFile, type TargetFields } from './to-ice-state.ts';
import { DataNotYetError } from './errors.ts';
import { foundNames, type VariableNames } from './variables.ts';

/** One file to ingest and how to read it. */
export interface IngestInput {
  /** Product id ('inbox', 'upload' for those sources). */
  product: string;
  file: FetchedFile;
  names?: VariableNames;
  method?: RegridMethod;
}

/** Open bytes as NetCDF; anything that is not → IngestError with the decoder's reason. */
export async function openInput(file: Pick<FetchedFile, 'bytes' | 'name'>): Promise<NetcdfDataset> {
  try {
    return await openNetcdf(file.bytes);
  } catch (error) {
    if (error instanceof NetcdfError) throw new IngestError(ingestReasonsRu.notNetcdf(file.name, error.message), { cause: error });
    throw error;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/[\0\s]+$/, '') : '');

export interface IngestResult {
  date: string;
  /** The first region's file of those asked (the sector's when it is one). */
  record: FileRecord;
  /** One file per region the inputs reach, in the order the regions were asked (`record.region` names it). */
  records: FileRecord[];
  /** Per region reached: wall time of its regridding, merging and writing, ms (the files' download and decoding not counted). */
  timings: Array<{ region: RegionId; ms: number }>;
  /** Per input: product, file name, the variables taken. */
  inputs: Array<{
    product: string;
    file: string;
    bytes: number;
    sha256: string;
    variables: string[];
    grid: string;
    title: string;
    summary: string;
    institution: string;
    /** The file's own name for the date when it differs (see time-axis.ts). */
    fileDate?: ConvertedFile['fileDate'];
  }>;
}

export interface IngestTarget {
  /** The analysis's owner (dataset id) and the label written into its `source` attribute. */
  datasetId: string;
  sourceLabel: string;
  /** The date wanted; undefined: the date of the (single) step of the first file. */
  date?: string;
  userId: number | null;
  /**
   * The regions to regrid into, each once (a region is a value: tests give small grids); a region no input reaches
   * gets no file. Default: the sector alone.
   */
  regions?: readonly Region[];
}

/** What the inputs give one region: the fields of each input that reaches it, and those inputs' provenance. */
interface RegionParts {
  region: Region;
  parts: TargetFields[];
  provenance: ProvenanceInput[];
  /** Wall time spent on this region: regridding (mappings built or read), merging and writing, ms. */
  ms: number;
}

const isNoOverlap = (error: unknown): boolean => error instanceof RegridError && error.code === 'no-overlap';

/**
 * Convert and archive the inputs as one analysis in each region they reach. Throws IngestError/TimeStepError/
 * RegridError (Russian); the regridder's "does not reach the forecast area" only when no input reaches any region.
 */
export async function ingestAnalysis(ctx: Pick<ArchiveContext, 'db' | 'dataDir'>, inputs: IngestInput[], target: IngestTarget): Promise<IngestResult> {
  const targets: RegionParts[] = (target.regions ?? [regionById('sector')]).map((region) => ({ region, parts: [], provenance: [], ms: 0 }));
  const summary: IngestResult['inputs'] = [];
  let date = target.date;
  let missed: unknown;
  for (const input of inputs) {
    const dataset = await openInput(input.file);
    try {
      let first: ConvertedFile | undefined;
      for (const into of targets) {
        let converted: ConvertedFile;
        const started = performance.now();
        try {
          converted = convertDataset(dataset, { names: input.names, date, target: into.region.grid, method: input.method, fileName: input.file.name, dataDir: ctx.dataDir });
        } catch (error) {
          // This input does not reach this region: the others may (a file of the Canadian Arctic misses the sector).
          if (!isNoOverlap(error)) throw error;
          missed ??= error;
          continue;
        } finally {
          into.ms += performance.now() - started;
        }
        date ??= converted.date;
        first ??= converted;
        into.parts.push(converted.fields);
        into.provenance.push(provenanceOf(input, dataset, converted));
      }
      if (!first) throw missed;
      summary.push(summaryOf(input, dataset, first));
    } finally {
      dataset.close();
    }
  }
  if (!date) throw new IngestError('нет ни одного файла для анализа');
  const records: FileRecord[] = [];
  const timings: IngestResult['timings'] = [];
  for (const into of targets) {
    if (into.parts.length === 0) continue;
    const started = performance.now();
    const state = mergeFields(into.parts, into.region.grid);
    const meta = { kind: 'analysis', date, model: target.datasetId, assimilated: true, source: target.sourceLabel, leadHours: [0] } as const;
    records.push(await storeWithProvenance(ctx, [state], meta, into.provenance, target.userId, into.region));
    timings.push({ region: into.region.id, ms: Math.round(into.ms + performance.now() - started) });
  }
  return { date, record: records[0], records, inputs: summary, timings };
}

function summaryOf(input: IngestInput, dataset: NetcdfDataset, converted: ConvertedFile): IngestResult['inputs'][number] {
  return {
    product: input.product,
    file: input.file.name,
    bytes: input.file.bytes.byteLength,
    sha256: input.file.sha256,
    variables: foundNames(converted.variables),
    grid: converted.grid,
    title: text(dataset.attributes.title),
    summary: text(dataset.attributes.summary),
    institution: text(dataset.attributes.institution),
    ...(converted.fileDate ? { fileDate: converted.fileDate } : {}),
  };
}

function provenanceOf(input: IngestInput, dataset: NetcdfDataset, converted: ConvertedFile): ProvenanceInput {
  return {
    product: input.product,
    source: input.file.source,
    originalName: input.file.name,
    sha256: input.file.sha256,
    bytes: input.file.bytes.byteLength,
    details: {
      variables: foundNames(converted.variables),
      grid: converted.grid,
      title: text(dataset.attributes.title),
      institution: text(dataset.attributes.institution),
    },
    attributes: dataset.attributes,
  };
}

/** What a non-demo source archives under, and how its products are named. */
/** The archive's view of a configured source (ANALYSIS_SOURCE): the demo computes its analyses, the others are ingested. */
export function analysisSourceOf(source: AnalysisSourceConfig): AnalysisSource {
  if (source.kind === 'demo') return demoSource;
  if (source.kind === 'dir') {
    return { datasetId: INBOX_DATASET_ID, datasetName: `Анализы из папки ${source.dir}`, sourceLabel: `папка ${source.dir}`, description: '' };
  }
  return { datasetId: source.list.dataset_id, datasetName: source.list.dataset_name, sourceLabel: source.list.products.map((p) => p.name).join('; '), description: '' };
}

async function fetchProduct(product: Product, date: string, dataDir: string, signal: AbortSignal | undefined, onBytes: ByteProgress): Promise<FetchedFile> {
  if (product.url) return downloadFile(fillTemplate(product.url, date), dataDir, { signal, onProgress: onBytes });
  return readLocalFile(fillTemplate(product.path!, date));
}

/** Get the source's files of `date` (downloads report their bytes). Throws IngestError when one is missing. */
async function fetchSourceFiles(
  source: Exclude<AnalysisSourceConfig, { kind: 'demo' }>,
  date: string,
  dataDir: string,
  options: { signal?: AbortSignal; onBytes?: (product: string, loaded: number, total: number | null) => void } = {},
): Promise<IngestInput[]> {
  if (source.kind === 'dir') {
    const paths = inboxFiles(source.dir, date);
    if (paths.length === 0) throw new DataNotYetError(`В папке ${source.dir} нет файлов NetCDF за ${date} (ожидается дата в имени: ГГГГММДД или ГГГГ-ММ-ДД)`);
    const inputs: IngestInput[] = [];
    for (const path of paths) inputs.push({ product: 'inbox', file: await readLocalFile(path) });
    return inputs;
  }
  const inputs: IngestInput[] = [];
  for (const product of source.list.products) {
    const file = await fetchProduct(product, date, dataDir, options.signal, (loaded, total) => options.onBytes?.(product.id, loaded, total));
    inputs.push({ product: product.id, file, names: product.variables, method: product.method });
  }
  return inputs;
}

/** Fetch, convert and archive the source's analysis of `date`, and describe its products on the datasets page. */
export async function ingestFromSource(
  ctx: Pick<ArchiveContext, 'db' | 'dataDir'>,
  source: Exclude<AnalysisSourceConfig, { kind: 'demo' }>,
  date: string,
  options: { userId: number | null; signal?: AbortSignal; onBytes?: (product: string, loaded: number, total: number | null) => void; regions?: readonly Region[] },
): Promise<IngestResult> {
  const inputs = await fetchSourceFiles(source, date, ctx.dataDir, options);
  const identity = analysisSourceOf(source);
  const result = await ingestAnalysis(ctx, inputs, { datasetId: identity.datasetId, sourceLabel: identity.sourceLabel, date, userId: options.userId, regions: options.regions });
  const described: DatasetInfo[] = result.inputs.map((input, k) => ({
    ...input,
    product: source.kind === 'products' ? source.list.products[k] : undefined,
    source: inputs[k].file.source,
  }));
  await registerProductDatasets(ctx.db, identity, described);
  return result;
}
