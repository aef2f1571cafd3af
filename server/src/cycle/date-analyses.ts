/**
 * The daily cycle's ingest step: the analyses of a date in each region of the plan before any model runs there.
 * With a real source (`ANALYSIS_SOURCE` a product list or a `dir:` inbox) its files are fetched once and regridded
 * into every region still without the source's analysis of that date (../ingest/ingest-analysis.ts); a region the
 * files do not reach gets none and its runs are passed over. With the demo source the sector's analysis is built
 * here as before and another region's comes with its runs (./region-date.ts).
 */
import { ensureAnalysis, existingFile, type ArchiveContext } from '../archive/pipeline.ts';
import { analysisSourceOf, ingestFromSource } from '../ingest/ingest-analysis.ts';
import type { AnalysisSourceConfig } from '../ingest/products.ts';
import type { Region, RegionId } from '../../../common/regions/index.ts';

/** What the cycle's answer records of the inputs read for a date. */
export interface IngestedInput {
  date: string;
  product: string;
  file: string;
  sha256: string;
  variables: string[];
  grid: string;
}

export interface DateAnalyses {
  /** Analysis files written or found, relative to DATA_DIR. */
  files: string[];
  /** Regions of the plan the source's files did not reach: no analysis, so no runs there. */
  unreached: Region[];
  /** The inputs read (none when every region had its analysis already). */
  inputs: IngestedInput[];
  /** Bytes downloaded or read. */
  bytes: number;
  /** Wall time of the whole step, ms, and of each region's regridding and writing within it (a real source's). */
  ms: number;
  regionMs: Partial<Record<RegionId, number>>;
}

/** The context of `region`: the sector's is the plain context (its grid may be a test's), another names its region. */
const contextIn = (ctx: ArchiveContext, region: Region): ArchiveContext => (region.id === 'sector' ? ctx : { ...ctx, region });

/** The sector's region on the context's grid (tests run the sector on a small grid; a region is a value). */
export const sectorOn = (ctx: ArchiveContext, sector: Region): Region => (ctx.grid && sector.kind === 'latlon' ? { ...sector, grid: ctx.grid } : sector);

/** The analyses of `date` in `regions` (see the header). Throws the ingest's failures (Russian) as they are. */
export async function dateAnalyses(
  ctx: ArchiveContext,
  source: AnalysisSourceConfig,
  date: string,
  regions: readonly Region[],
  userId: number | null,
): Promise<DateAnalyses> {
  const started = performance.now();
  const out = await analysesOf(ctx, source, date, regions, userId);
  return { ...out, ms: Math.round(performance.now() - started) };
}

async function analysesOf(ctx: ArchiveContext, source: AnalysisSourceConfig, date: string, regions: readonly Region[], userId: number | null): Promise<Omit<DateAnalyses, 'ms'>> {
  const sourced: ArchiveContext = { ...ctx, source: analysisSourceOf(source) };
  const datasetId = sourced.source!.datasetId;
  const out: Omit<DateAnalyses, 'ms'> = { files: [], unreached: [], inputs: [], bytes: 0, regionMs: {} };
  if (source.kind === 'demo') {
    if (regions.some((region) => region.id === 'sector')) out.files.push((await ensureAnalysis(sourced, date)).path);
    return out;
  }
  const lacking: Region[] = [];
  for (const region of regions) {
    const archived = await existingFile(contextIn(ctx, region), 'analysis', datasetId, date);
    if (archived) out.files.push(archived.path);
    else lacking.push(region);
  }
  if (lacking.length === 0) return out;
  const ingested = await ingestFromSource(ctx, source, date, { userId, regions: lacking });
  out.files.push(...ingested.records.map((record) => record.path));
  out.unreached = lacking.filter((region) => !ingested.records.some((record) => record.region === region.id));
  for (const { region, ms } of ingested.timings) out.regionMs[region] = ms;
  for (const input of ingested.inputs) {
    out.inputs.push({ date, product: input.product, file: input.file, sha256: input.sha256, variables: input.variables, grid: input.grid });
    out.bytes += input.bytes;
  }
  return out;
}
