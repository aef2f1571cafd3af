/**
 * verifyChartTruths: the forecasts scored against the ice charts of their valid dates, as records beside those
 * against the analyses (`chart_verification_records`, truth `chart:{id}` labelled with the chart's service).
 * For each chart (of `chartIds` only, when given) and each model, run and lead whose start date is the chart's UTC
 * date minus the lead: the forecast (the archived file, or the run a built-in model would write, exactly as
 * verify-archive.ts picks it) scored by chart-truth-scores.ts against the chart rasterised on the archive's grid.
 * Idempotent and cheap when current: a record keeps the identities of its forecast, its chart (id and content
 * hash, so a replaced chart recomputes) and its persistence analysis; a chart that judges no cell of the grid
 * (another region's) is passed over without reading a forecast. Each chart is laid on the grid once and kept
 * (chart-truth-raster.ts). One pass at a time per database (the verification lock); each record is one statement.
 * Regions: each region's runs are scored against the chart on that region's grid (the whole Arctic's plane, cell
 * areas per cell) and stored under its id; a pass brings every region up to date (only the context's when it
 * names one), as verify-archive.ts does.
 */
import type { VerifiedFields } from '../../../common/verification/scores.ts';
import { LruCache } from '../../../common/lru-cache.ts';
import { REGIONS } from '../../../common/regions/index.ts';
import { cellAreasKm2, scoreGridShape, type ScoreGrid } from '../../../common/verification/score-grid.ts';
import { VERIFICATION_RUNS, type VerificationRun } from '../../../common/api-types/verification.ts';
import { regionOf, type ArchiveContext } from '../archive/pipeline.ts';
import { listModels, type FileRecord, type ModelRecord } from '../archive/forecast-repository.ts';
import { LOCK_KEYS, withLock } from '../db/locks.ts';
import { LEAD_HOURS } from '../grid/grid.ts';
import { listCharts, type ChartRow } from '../icecharts/chart-repository.ts';
import { AnalysisArchive, analysesFor } from './analyses.ts';
import { computedRun, readFileFields, SpinUps, type RunSource } from './forecast-runs.ts';
import { scoreAgainstChart, type ChartTruthField } from './chart-truth-scores.ts';
import { chartTruthOnGrid } from './chart-truth-raster.ts';
import { chartRecordInputs, chartRecordKey, saveChartRecord } from './chart-truth-repository.ts';
import { COMPUTED_TYPES, VERIFICATION_VERSION } from './verification-plan.ts';
import { forecastFiles } from './verification-repository.ts';
import { addDays } from '../../../common/utc-day.ts';

export interface ChartVerifyOptions {
  /** Only these charts' records (a chart import scores its own chart). */
  chartIds?: number[];
  onProgress?: (fraction: number, message: string) => void;
}

export interface ChartVerifyResult {
  /** Records computed now. */
  computed: number;
  /** Records already current. */
  unchanged: number;
  /** Charts that judge no cell of a region's grid (counted per region). */
  outside: number;
  /** `model run date: reason` of forecasts that could not be read. */
  failed: string[];
}

/** The truth named in a record and in GET /verification. */
export const chartTruthSource = (chartId: number) => `chart:${chartId}`;
/** The chart's identity in a record: a replaced chart (same id, new content) recomputes its records. */
const chartIdentity = (chart: ChartRow) => `chart:${chart.id}:${chart.sha256}`;

/** Bring the records against the charts up to date (see the header). */
export async function verifyChartTruths(ctx: ArchiveContext, options: ChartVerifyOptions = {}): Promise<ChartVerifyResult> {
  return withLock(ctx.db, LOCK_KEYS.verification, () => verifyUnlocked(ctx, options));
}

/** One record to compute. */
interface Work {
  model: ModelRecord;
  run: VerificationRun;
  date: string;
  hours: number;
  source: RunSource;
  /** The file of the run, when it has one (its own grid is read with it). */
  file: FileRecord | undefined;
  analyses: AnalysisArchive;
}

/** What a pass reads once: the archive's analyses and files, the models with the analyses that judge each. */
interface ArchiveView {
  archive: AnalysisArchive;
  fileOf: Map<string, FileRecord>;
  forecastDates: Set<string>;
  models: { model: ModelRecord; analyses: AnalysisArchive }[];
  grid: ScoreGrid | null;
  spinUps: SpinUps;
}

async function openArchive(ctx: ArchiveContext): Promise<ArchiveView> {
  const archive = await AnalysisArchive.open(ctx);
  const files = await forecastFiles(ctx.db, regionOf(ctx).id);
  const models = [];
  for (const model of await listModels(ctx.db)) models.push({ model, analyses: await analysesFor(ctx, model, archive) });
  // The region's grid: its analyses' (every record against an analysis needs the forecast on it), else its files'.
  const firstAnalysis = archive.files.keys().next();
  const grid = !firstAnalysis.done ? (await archive.get(firstAnalysis.value)).grid : files.length ? (await readFileFields(ctx.dataDir, files[0])).grid : null;
  return {
    archive,
    fileOf: new Map(files.map((f) => [`${f.kind}|${f.owner}|${f.date}`, f])),
    forecastDates: new Set(files.map((f) => f.date)),
    models,
    grid,
    spinUps: new SpinUps(),
  };
}

/** The stale records of one chart whose valid date is `valid`. */
async function planChart(ctx: ArchiveContext, view: ArchiveView, chart: ChartRow, valid: string, result: ChartVerifyResult): Promise<Work[]> {
  const stored = await chartRecordInputs(ctx.db, chart.id, regionOf(ctx).id);
  const work: Work[] = [];
  for (const { model, analyses } of view.models) {
    for (const run of VERIFICATION_RUNS) {
      for (const hours of LEAD_HOURS) {
        const date = addDays(valid, -hours / 24);
        const file = view.fileOf.get(`${run}|${model.model_id}|${date}`);
        const previousFree = view.fileOf.get(`forecast|${model.model_id}|${addDays(date, -1)}`);
        const computed = COMPUTED_TYPES.has(model.model_type) && view.forecastDates.has(date);
        const source = file ? fileSource(ctx, file) : computed ? computedRun(ctx, model, run, date, analyses, previousFree, view.spinUps, view.archive) : undefined;
        if (!source) continue;
        const have = stored.get(chartRecordKey({ model_id: model.model_id, run, date, lead_hours: hours }));
        const current =
          have &&
          have.version === VERIFICATION_VERSION &&
          have.forecast_id === source.id &&
          have.analysis_id === chartIdentity(chart) &&
          have.persistence_id === (analyses.files.get(date)?.etag ?? null);
        if (current) result.unchanged++;
        else work.push({ model, run, date, hours, source, file, analyses });
      }
    }
  }
  return work;
}

/** A file's run, identified as verify-archive.ts identifies it (its ETag). */
const fileSource = (ctx: ArchiveContext, file: FileRecord): RunSource => ({ id: file.etag, load: async () => (await readFileFields(ctx.dataDir, file)).steps });

/** Score and store the planned records of one chart; each run's leads loaded once. */
async function scoreChart(ctx: ArchiveContext, chart: ChartRow, truth: ChartTruthField, work: Work[], result: ChartVerifyResult): Promise<void> {
  const areas = areasOf(truth.grid);
  const { nx, ny } = scoreGridShape(truth.grid);
  const cells = nx * ny;
  const loaded = new Map<string, Promise<VerifiedFields[]>>();
  for (const item of work) {
    const { model, run, date, hours, source, analyses } = item;
    if (!loaded.has(source.id)) loaded.set(source.id, source.load());
    let forecast: VerifiedFields | undefined;
    try {
      forecast = (await loaded.get(source.id)!)[LEAD_HOURS.indexOf(hours)];
    } catch (error) {
      result.failed.push(`${model.model_id} ${run} ${date}: ${(error as Error).message}`);
      continue;
    }
    if (forecast?.concentration.length !== cells) {
      result.failed.push(`${model.model_id} ${run} ${date}: the forecast's grid is not the archive's`);
      continue;
    }
    const start = analyses.has(date) ? await analyses.get(date) : null;
    const persistence = start && start.fields.concentration.length === cells ? start.fields.concentration : null;
    await saveChartRecord(ctx.db, {
      model_id: model.model_id,
      run,
      date,
      lead_hours: hours,
      chart_id: chart.id,
      valid_date: addDays(date, hours / 24),
      truth_source: chartTruthSource(chart.id),
      truth_label: chart.source,
      forecast_id: source.id,
      analysis_id: chartIdentity(chart),
      persistence_id: persistence ? start!.file.etag : null,
      version: VERIFICATION_VERSION,
      region: regionOf(ctx).id,
      ...scoreAgainstChart(truth, forecast.concentration, persistence, areas),
    });
    result.computed++;
  }
}

// Cell areas per grid, kept across passes: a plane's take seconds (2.2 M cells of the whole Arctic, each corner
// projected back), a latitude/longitude grid's are one number per row.
const areasByGrid = new LruCache<string, Float64Array>(2);
function areasOf(grid: ScoreGrid): Float64Array {
  const key = JSON.stringify(grid);
  let areas = areasByGrid.get(key);
  if (!areas) areasByGrid.set(key, (areas = cellAreasKm2(grid)));
  return areas;
}

/** Every region's pass (the context's region only, when it names one), one after the other. */
async function verifyUnlocked(ctx: ArchiveContext, options: ChartVerifyOptions): Promise<ChartVerifyResult> {
  const result: ChartVerifyResult = { computed: 0, unchanged: 0, outside: 0, failed: [] };
  const charts = (await listCharts(ctx.db)).filter((chart) => !options.chartIds || options.chartIds.includes(chart.id)).reverse();
  if (charts.length === 0) return result;
  for (const region of ctx.region ? [ctx.region] : REGIONS) await verifyRegion({ ...ctx, region }, charts, options, result);
  options.onProgress?.(1, `оценено прогнозов по ледовым картам: ${result.computed}`);
  ctx.log?.info({ ...result, failed: result.failed.length }, 'chart verification records up to date');
  return result;
}

/** The records of one region (the context's) against `charts`. */
async function verifyRegion(ctx: ArchiveContext, charts: ChartRow[], options: ChartVerifyOptions, result: ChartVerifyResult): Promise<void> {
  const view = await openArchive(ctx);
  if (!view.grid) return;
  const region = regionOf(ctx);
  for (const [index, chart] of charts.entries()) {
    const valid = chart.valid_time.slice(0, 10);
    // The sector's message as it always was; another region's names it ('Арктика целиком: оценка прогнозов …').
    const prefix = region.id === 'sector' ? '' : `${region.name}: `;
    options.onProgress?.(index / charts.length, `${prefix}оценка прогнозов по ледовой карте ${chart.source} от ${valid}`);
    const work = await planChart(ctx, view, chart, valid, result);
    if (work.length === 0) continue;
    const truth = await chartTruthOnGrid(ctx.dataDir, chart, view.grid);
    if (!truth) {
      result.outside++;
      continue;
    }
    await scoreChart(ctx, chart, truth, work, result);
  }
}
