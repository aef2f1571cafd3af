/**
 * The analysis of a date from real files: get them from the configured source (or take an uploaded one),
 * open, find the ice variables, regrid onto the forecast grid, merge, and archive with provenance.
 * Plain async functions over `{db, dataDir}`: the worker tasks in server/src/jobs/tasks/ call them.
 */
import type { RegridMethod } from '../../../common/regrid/index.ts';
import { NetcdfError, openNetcdf, type NetcdfDataset } from '../../../netcdf/index.ts';
import { demoSource, type AnalysisSource } from '../archive/analysis-source.ts';
import type { ArchiveContext } from '../archive/pipeline.ts';
import { SECTOR_GRID, type Grid } from '../grid/grid.ts';
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
  record: FileRecord;
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
  grid?: Grid;
}

/** Convert and archive the inputs as one analysis. Throws IngestError/TimeStepError/RegridError (Russian). */
export async function ingestAnalysis(ctx: Pick<ArchiveContext, 'db' | 'dataDir'>, inputs: IngestInput[], target: IngestTarget): Promise<IngestResult> {
  const grid = target.grid ?? SECTOR_GRID;
  const parts: TargetFields[] = [];
  const provenance: ProvenanceInput[] = [];
  const summary: IngestResult['inputs'] = [];
  let date = target.date;
  for (const input of inputs) {
    const dataset = await openInput(input.file);
    try {
      const converted = convertDataset(dataset, { names: input.names, date, target: grid, method: input.method, fileName: input.file.name, dataDir: ctx.dataDir });
      date ??= converted.date;
      parts.push(converted.fields);
      const variables = foundNames(converted.variables);
      summary.push({
        product: input.product,
        file: input.file.name,
        bytes: input.file.bytes.byteLength,
        sha256: input.file.sha256,
        variables,
        grid: converted.grid,
        title: text(dataset.attributes.title),
        summary: text(dataset.attributes.summary),
        institution: text(dataset.attributes.institution),
        ...(converted.fileDate ? { fileDate: converted.fileDate } : {}),
      });
      provenance.push({
        product: input.product,
        source: input.file.source,
        originalName: input.file.name,
        sha256: input.file.sha256,
        bytes: input.file.bytes.byteLength,
        details: {
          variables,
          grid: converted.grid,
          title: text(dataset.attributes.title),
          institution: text(dataset.attributes.institution),
        },
        attributes: dataset.attributes,
      });
    } finally {
      dataset.close();
    }
  }
  if (!date) throw new IngestError('нет ни одного файла для анализа');
  const state = mergeFields(parts, grid);
  const record = await storeWithProvenance(
    ctx,
    [state],
    { kind: 'analysis', date, model: target.datasetId, assimilated: true, source: target.sourceLabel, leadHours: [0] },
    provenance,
    target.userId,
  );
  return { date, record, inputs: summary };
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
  options: { userId: number | null; signal?: AbortSignal; onBytes?: (product: string, loaded: number, total: number | null) => void; grid?: Grid },
): Promise<IngestResult> {
  const inputs = await fetchSourceFiles(source, date, ctx.dataDir, options);
  const identity = analysisSourceOf(source);
  const result = await ingestAnalysis(ctx, inputs, { datasetId: identity.datasetId, sourceLabel: identity.sourceLabel, date, userId: options.userId, grid: options.grid });
  const described: DatasetInfo[] = result.inputs.map((input, k) => ({
    ...input,
    product: source.kind === 'products' ? source.list.products[k] : undefined,
    source: inputs[k].file.source,
  }));
  await registerProductDatasets(ctx.db, identity, described);
  return result;
}
