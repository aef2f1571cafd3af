/**
 * Seeding and the demo archive: the baseline models (one per family) and, in demo mode, the last DEMO_DAYS days
 * of analyses and forecasts, built before the server listens. Nothing that exists is built again, so a restart
 * costs only the days that passed since (and the metrics, when the archive changed).
 */
import type { FastifyInstance } from 'fastify';
import { demoSource, type AnalysisSource } from '../archive/analysis-source.ts';
import { buildDay, ensureAnalysis, runModel, type ArchiveContext } from '../archive/pipeline.ts';
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { compressedCopy, resolveInside } from '../archive/file-store.ts';
import { defaultModel, findFile, insertModel, upsertDataset, type ModelRecord } from '../archive/forecast-repository.ts';
import { recomputeMetrics, type RecomputeResult } from '../verification/hindcast-metrics.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import { DEFAULT_E_FOLDING_DAYS } from '../models/damped-anomaly.ts';
import { DEFAULT_DRIFT_SCALE, DEFAULT_TIME_STEP_HOURS } from '../models/free-drift-advection.ts';
import type { Db } from '../db/database.ts';
import { LOCK_KEYS, withLock } from '../db/locks.ts';
import { setDefaultModel } from './daily-models.ts';
import { regionById, type RegionId } from '../../../common/regions/index.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

/** The seeded models; model_2 (advection) is the default forecast. */
const SEED_MODELS: readonly ModelRecord[] = [
  { model_id: 'model_1', model_type: 'persistence', hyperparameters: {}, is_default: false },
  {
    model_id: 'model_2',
    model_type: 'free_drift_advection',
    hyperparameters: { time_step_hours: DEFAULT_TIME_STEP_HOURS, drift_scale: DEFAULT_DRIFT_SCALE },
    is_default: true,
  },
  { model_id: 'model_3', model_type: 'damped_anomaly', hyperparameters: { e_folding_days: DEFAULT_E_FOLDING_DAYS }, is_default: false },
];

/** The seed's default model, for a database that has none and a caller that names none. */
const SEED_DEFAULT_ID = SEED_MODELS.find((model) => model.is_default)?.model_id ?? 'model_2';

/**
 * Insert the seed models that are missing and settle the default: `defaultId` when given (DEFAULT_MODEL, which
 * replaces another default), else the seed's default unless some model is the default already. Safe with any
 * number of processes starting together on one database: the rows go in without the default mark (so the only
 * unique index an insert meets is the id, which `on conflict` absorbs; the one-default index holds marked rows
 * only), and the default is chosen under the seeds lock, one process after another.
 */
export async function seedModels(db: Db, defaultId?: string): Promise<void> {
  for (const model of SEED_MODELS) await insertModel(db, { ...model, is_default: false });
  await withLock(db, LOCK_KEYS.seeds, async () => {
    if (defaultId) return setDefaultModel(db, defaultId);
    if ((await defaultModel(db)) === undefined) await setDefaultModel(db, SEED_DEFAULT_ID);
  });
}

/** Register (or refresh) the dataset that an analysis source fills. */
export async function seedDataset(db: Db, source: AnalysisSource = demoSource): Promise<void> {
  const variables = Object.values(FILE_VARIABLES);
  await upsertDataset(db, {
    dataset_id: source.datasetId,
    dataset_name: source.datasetName,
    metadata: {
      description: source.description,
      variables,
      target_variables: [FILE_VARIABLES.concentration, FILE_VARIABLES.thickness],
      source: source.sourceLabel,
    },
  });
}

export interface DemoBuildResult {
  dates: string[];
  ms: number;
  /** Models whose metrics this build computed (none when another process had built the same archive). */
  recomputed: string[];
}

export interface DemoBuildOptions {
  /**
   * Compute the metrics in a worker thread while the main thread writes the forecasts (both cores busy:
   * about half the wall time of doing one after the other). Off: everything on the calling thread.
   */
  metricsInThread?: boolean;
  /** The server's PostgreSQL, for the metrics worker's own connection (absent: SQLite in ctx.dataDir). */
  databaseUrl?: string | null;
  /** The newest this many of the days also for region `arctic` (DEMO_ARCTIC_DAYS; none when absent). */
  arcticDays?: number;
}

/**
 * Build the last `days` days up to `today` (inclusive): analyses from the day before the first (so the first
 * free run has a previous day to start from), then each day's forecasts, and the metrics. One build at a time
 * across the servers of one database (db/locks.ts): servers starting together wait for the first one's build,
 * then find its files (DATA_DIR is shared) and metrics in place and only check them.
 */
export async function buildDemoArchive(
  ctx: ArchiveContext,
  days: number,
  today = utcDay(),
  options: DemoBuildOptions = {},
): Promise<DemoBuildResult> {
  return withLock(ctx.db, LOCK_KEYS.demoBuild, () => buildUnlocked(ctx, days, today, options));
}

async function buildUnlocked(ctx: ArchiveContext, days: number, today: string, options: DemoBuildOptions): Promise<DemoBuildResult> {
  const started = performance.now();
  await seedModels(ctx.db);
  await seedDataset(ctx.db, ctx.source);
  // Dates retention removed stay removed (a restart would otherwise build them only to delete them again).
  const retired = new Set((await ctx.db.selectFrom('cycle_dates').select('date').where('status', '=', 'retired').execute()).map((row) => row.date));
  const dates = Array.from({ length: days }, (_, k) => addDays(today, k - days + 1)).filter((date) => !retired.has(date));
  if (dates.length === 0) return { dates, ms: Math.round(performance.now() - started), recomputed: [] };
  if (!retired.has(addDays(dates[0], -1))) await ensureAnalysis(ctx, addDays(dates[0], -1));
  for (const date of dates) await ensureAnalysis(ctx, date);
  // Metrics need only the analyses, so they can run beside the forecasts.
  const canUseThread = options.metricsInThread && !ctx.source;
  const metrics = canUseThread
    ? runInThread<RecomputeResult>(new URL('../verification/metrics-task.ts', import.meta.url), { dataDir: ctx.dataDir, databaseUrl: options.databaseUrl, grid: ctx.grid })
    : null;
  try {
    for (const date of dates) await buildDay(ctx, date);
  } finally {
    // Never leave the worker running alone (a failed build still waits for it, then reports the first error).
    if (metrics) await metrics.catch(() => undefined);
  }
  const result = metrics ? await metrics : await recomputeMetrics(ctx);
  ctx.log?.info({ recomputed: result.recomputed, unchanged: result.unchanged }, 'model metrics up to date');
  await buildRegionDays({ ...ctx, region: regionById('arctic') }, dates.slice(dates.length - Math.min(dates.length, options.arcticDays ?? 0)));
  return { dates, ms: Math.round(performance.now() - started), recomputed: result.recomputed };
}

/**
 * The given days (oldest first) in the context's region: the analysis of the day before the first and the default
 * model's assimilated run from it, then each day. That one run's +24 h falls on the first day, whose analysis is
 * there, so the region has verification scores from the first start ('Качество прогноза' in the whole Arctic with
 * DEMO_ARCTIC_DAYS=1): one file more (≈ 70 MB in `arctic`, its subsets not warmed), where a free run too would add
 * nothing scored sooner.
 */
async function buildRegionDays(ctx: ArchiveContext, dates: string[]): Promise<void> {
  if (dates.length === 0) return;
  const started = performance.now();
  const before = addDays(dates[0], -1);
  await ensureAnalysis(ctx, before);
  const model = await defaultModel(ctx.db);
  // Not handed to the subset warmer (`written`): nobody opens that day first, and its warmed subsets would cost
  // about 110 MB more on a first start's disk.
  if (model) await runModel({ ...ctx, written: undefined }, model.model_id, before, 'assim_forecast');
  for (const date of dates) await buildDay(ctx, date);
  ctx.log?.info({ region: ctx.region?.id, first: dates[0], last: dates.at(-1), ms: Math.round(performance.now() - started) }, 'demo forecast archive of the region ready');
}

/** A file to warm: its absolute path, ETag and region. */
export interface FileToWarm {
  path: string;
  etag: string;
  region: RegionId;
}

/**
 * What a first visitor opens, whose subsets and previews the demo start makes ahead (subset-warmer.ts): the
 * default model's free and assimilated runs of the newest date, the sector's first (the map's default region),
 * then each other region's. Older dates, analyses and other models are made when first asked for (a cold subset
 * is cut at once and sent in a quick encoding, its copies made then): warming every file the demo writes kept
 * about 0.9 GB of subsets on a first start's disk.
 */
export async function firstVisitFiles(db: Db, dataDir: string, date: string, regions: readonly RegionId[]): Promise<FileToWarm[]> {
  const model = await defaultModel(db);
  if (!model) return [];
  const files: FileToWarm[] = [];
  for (const region of regions) {
    for (const kind of ['forecast', 'assim_forecast'] as const) {
      const file = await findFile(db, kind, model.model_id, date, region);
      if (file) files.push({ path: resolveInside(dataDir, file.path), etag: file.etag, region });
    }
  }
  return files;
}

/** Startup task: seed the models always; in demo mode build the demo archive. */
export const forecastStartupTask = {
  name: 'forecast archive',
  run: async (app: FastifyInstance): Promise<void> => {
    // The built-in models are the product's own: present on every start, demo or not; DEFAULT_MODEL is the default.
    await seedModels(app.db, app.config.defaultModel);
    if (!app.config.demo) return;
    const ctx: ArchiveContext = { db: app.db, dataDir: app.config.dataDir, log: app.log };
    const result = await buildDemoArchive(ctx, app.config.demoDays, utcDay(), {
      metricsInThread: true,
      databaseUrl: app.config.databaseUrl,
      arcticDays: app.config.demoArcticDays,
    });
    app.log.info({ first: result.dates[0], last: result.dates.at(-1), ms: result.ms }, 'demo forecast archive ready');
    const newest = result.dates.at(-1);
    if (!newest) return;
    const regions: RegionId[] = app.config.demoArcticDays > 0 ? ['sector', 'arctic'] : ['sector'];
    const opened = await firstVisitFiles(app.db, app.config.dataDir, newest, regions);
    // Their subsets, one at a time in the background, in this order (a visitor's own request goes ahead).
    if (app.config.subsetWarm) for (const file of opened) app.subsetWarmer.warm(file.path, file.etag);
    // The app opens the sector's newest day first: compress its two files now, in zlib's thread pool, so the first
    // download is not kept waiting (browsers ask for gzip over http, for br over https). Not awaited, and one
    // after another: four at once took the whole pool (4 threads), and a request's file reads waited behind them.
    const sector = opened.filter((file) => file.region === 'sector');
    void (async () => {
      for (const { path } of sector) {
        for (const encoding of ['br', 'gzip'] as const) {
          await compressedCopy(path, encoding).catch((error: unknown) => app.log.warn({ err: error, path }, 'pre-compression failed'));
        }
      }
    })();
  },
};
