/**
 * One run of the daily cycle over a list of dates, oldest first, in the process that runs the job (a thread):
 * for each date the configured source's analysis in every region of the plan (CYCLE_REGIONS) unless archived
 * already (./date-analyses.ts: a real source's files fetched once, regridded into each region they reach), then
 * the default model's runs and those of every model marked `run_daily`, the sector's first, then each other
 * region's (./region-date.ts); then, with CHART_SOURCE, the chart inbox's new files imported
 * (../icecharts/chart-inbox.ts). The job then scores (as every job does) and,
 * once the scores are current, retires old dates (`../jobs/cycle-job.ts`).
 * A product "not there yet" leaves its date waiting for the next attempt until the deadline;
 * any other failure fails that date with its Russian reason and the next date goes on.
 */
import { ArchiveError, runModel, type ArchiveContext } from '../archive/pipeline.ts';
import { defaultModel } from '../archive/forecast-repository.ts';
import { diskFullReason, isDiskFull } from '../disk/disk-full.ts';
import { reserveShortfall } from '../disk/reserve.ts';
import { takeChartInbox, type InboxResult } from '../icecharts/chart-inbox.ts';
import { DataNotYetError } from '../ingest/errors.ts';
import { russianFailure } from '../ingest/failure.ts';
import { analysisSourceOf } from '../ingest/ingest-analysis.ts';
import type { AnalysisSourceConfig } from '../ingest/products.ts';
import { TimeStepError } from '../ingest/time-axis.ts';
import { saveCycleDate, type CycleDateStatus } from './cycle-repository.ts';
import { dailyModels } from './daily-models.ts';
import { clockOf, deadlineOf, type ChartInbox } from './schedule.ts';
import { buildRegionDate, modelsIn, RegionStepError } from './region-date.ts';
import { dateAnalyses, sectorOn } from './date-analyses.ts';
import { regionById, type Region, type RegionId } from '../../../common/regions/index.ts';

export interface CyclePlan {
  /** 'YYYY-MM-DD', processed oldest first. */
  dates: string[];
  /** The run's clock (ISO): the tick it belongs to, or when it was asked for. Retries and deadlines count from it. */
  now: string;
  source: AnalysisSourceConfig;
  retryS: number;
  /** 'HH:MM' UTC. */
  deadline: string;
  retainDays: number;
  /** DISK_RESERVE, bytes: no date is started with less free space on DATA_DIR's disk (absent in older jobs: none). */
  diskReserveBytes?: number;
  /** CHART_SOURCE's inbox, taken up after the dates (absent or null: none). */
  charts?: ChartInbox | null;
  /** CYCLE_REGIONS: the regions whose files each date gets, the sector first (absent in older jobs: the sector). */
  regions?: RegionId[];
  jobId: number | null;
  userId: number | null;
}

export interface CycleDateOutcome {
  date: string;
  status: Extract<CycleDateStatus, 'done' | 'waiting' | 'failed'>;
  message: string;
  /** Files written or found, relative to DATA_DIR. */
  files: string[];
  /**
   * A date done: wall time of reading the source's files (download, decoding; 0 when none was read), and per region
   * of its regridding, its analysis and its runs, ms. The job logs a line per region (`cycle date built`).
   */
  timings?: { fetch_ms: number; regions: Array<{ region: RegionId; ms: number }> };
}

export interface CycleRunResult {
  dates: CycleDateOutcome[];
  dataset_id: string;
  inputs: Array<{ date: string; product: string; file: string; sha256: string; variables: string[]; grid: string }>;
  /** Bytes downloaded or read. */
  bytes: number;
  /** What the chart inbox's new files became (null without CHART_SOURCE). */
  charts: InboxResult | null;
  /** Why the chart inbox could not be read. */
  charts_error?: string;
}

const waitingMessage = (date: string, attempt: number, next: Date): string =>
  `Ожидание данных за ${date}: попытка ${attempt}, следующая в ${clockOf(next)}`;

const missedDeadlineMessage = (date: string, deadline: string, reason: string): string =>
  `Данные за ${date} не поступили до ${deadline} UTC: ${reason}`;

/** A source's answer that the product is not published yet (as opposed to a bad file or an unreachable source). */
export function isNotYetAvailable(error: unknown): boolean {
  if (error instanceof DataNotYetError) return true;
  // A file whose steps end before the date (a product appended daily): the date's step may come. One whose steps
  // begin after it never will.
  const missing = error instanceof TimeStepError ? /нет шага по времени за (\d{4}-\d{2}-\d{2}) \(есть .* … (\S+)\)/.exec(error.message) : null;
  return missing !== null && missing[1] > missing[2];
}

type Progress = (fraction: number, message?: string) => void;

/** Attempts so far of a waiting date (the row's count), for the message's N. */
export type AttemptsOf = (date: string) => number;

/**
 * The dates of `plan`, oldest first, in each of its regions. `regionOf` turns a region id into the region built
 * (tests give a coarse grid for `arctic`; a region is a value).
 */
export async function runCycle(
  ctx: ArchiveContext,
  plan: CyclePlan,
  attemptsOf: AttemptsOf,
  progress: Progress,
  regionOf: (id: RegionId) => Region = regionById,
): Promise<CycleRunResult> {
  const now = new Date(plan.now);
  const regionIds = plan.regions ?? ['sector'];
  const regions = regionIds.map((id) => (id === 'sector' ? sectorOn(ctx, regionOf(id)) : regionOf(id)));
  const inRegions = regions.some((region) => region.id !== 'sector') ? ` (районы: ${regions.map((region) => region.name).join(', ')})` : '';
  const source = analysisSourceOf(plan.source);
  const sourced: ArchiveContext = { ...ctx, source };
  const result: CycleRunResult = { dates: [], dataset_id: source.datasetId, inputs: [], bytes: 0, charts: null };
  const dates = [...plan.dates].sort();
  const share = 0.9 / Math.max(1, dates.length);
  for (const [index, date] of dates.entries()) {
    const base = 0.02 + index * share;
    const short = reserveShortfall(ctx.dataDir, plan.diskReserveBytes ?? 0, date);
    if (short) {
      // The date is failed, not waiting: the next tick (or 'Загрузить данные на сегодня') takes it up again.
      await saveCycleDate(ctx.db, date, { status: 'failed', message: short, attempts: attemptsOf(date) + 1, job_id: plan.jobId });
      result.dates.push({ date, status: 'failed', message: short, files: [] });
      continue;
    }
    await saveCycleDate(ctx.db, date, { status: 'running', message: `загрузка анализа за ${date}`, job_id: plan.jobId });
    progress(base, `загрузка анализа за ${date}`);
    let outcome: CycleDateOutcome;
    try {
      const main = await defaultModel(ctx.db);
      if (!main) throw new ArchiveError('нет модели по умолчанию');
      const modelIds = await dailyModels(ctx.db, main.model_id);
      const analyses = await dateAnalyses(ctx, plan.source, date, regions, plan.userId);
      result.inputs.push(...analyses.inputs);
      result.bytes += analyses.bytes;
      const files = [...analyses.files];
      const regridMs = Object.values(analyses.regionMs).reduce((sum, ms) => sum + ms, 0);
      // The demo's sector analysis is computed in that step: the sector's time, not a download.
      const fetchMs = plan.source.kind === 'demo' ? 0 : analyses.ms - regridMs;
      const timings: NonNullable<CycleDateOutcome['timings']> = { fetch_ms: fetchMs, regions: [] };
      for (const region of regions) {
        if (analyses.unreached.includes(region)) continue;
        const started = performance.now();
        if (region.id === 'sector') {
          progress(base + share / 2, `расчёт прогнозов за ${date}`);
          files.push(...(await sectorRuns(sourced, date, modelIds)));
        } else {
          progress(base + share / 2, `${region.name}: анализ и прогнозы за ${date}`);
          files.push(...(await buildRegionDate({ ...sourced, region }, date, modelIds)));
        }
        const before = plan.source.kind === 'demo' && region.id === 'sector' ? analyses.ms : (analyses.regionMs[region.id] ?? 0);
        timings.regions.push({ region: region.id, ms: Math.round(before + performance.now() - started) });
      }
      // A real product that does not reach a region (a regional one) leaves it without files: said, not failed.
      const unreached = analyses.unreached.length > 0 ? `; данные источника не покрывают: ${analyses.unreached.map((region) => region.name).join(', ')}` : '';
      outcome = { date, status: 'done', message: `анализ и прогнозы за ${date} готовы${inRegions}${unreached}`, files: [...new Set(files)], timings };
      await saveCycleDate(ctx.db, date, { status: 'done', message: outcome.message, attempts: attemptsOf(date) + 1, job_id: plan.jobId });
    } catch (error) {
      outcome = await settleFailure(ctx, plan, now, date, error, attemptsOf(date) + 1);
    }
    result.dates.push(outcome);
  }
  if (plan.charts) {
    progress(0.93, 'ледовые карты из папки');
    try {
      result.charts = await takeChartInbox(ctx.db, ctx.dataDir, plan.charts.folder, plan.charts.maxBytes, (message) => progress(0.93, message));
    } catch (error) {
      result.charts_error = (error as Error).message;
    }
  }
  return result;
}

/** The sector's runs of `date` from its analysis (archived already): each model's assimilated and free run. */
async function sectorRuns(sourced: ArchiveContext, date: string, modelIds: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const modelId of await modelsIn(sourced.db, modelIds, 'sector')) {
    for (const kind of ['assim_forecast', 'forecast'] as const) files.push((await runModel(sourced, modelId, date, kind)).path);
  }
  return files;
}

async function settleFailure(ctx: ArchiveContext, plan: CyclePlan, now: Date, date: string, error: unknown, attempt: number): Promise<CycleDateOutcome> {
  // A region's step: its reason, named by the region ('Арктика целиком: …').
  const inRegion = error instanceof RegionStepError ? error.region : null;
  const cause = inRegion ? (error as RegionStepError).cause : error;
  const failure = isDiskFull(cause)
    ? diskFullReason(`не удалось записать файлы за ${date}; записанное не попало в архив`)
    : russianFailure(cause, inRegion ? `Не удалось построить анализ и прогнозы за ${date}` : `Не удалось загрузить анализ за ${date}`).message;
  const reason = inRegion ? `${inRegion.name}: ${failure}` : failure;
  if (isNotYetAvailable(error)) {
    const deadline = deadlineOf(date, plan.deadline);
    if (now.getTime() < deadline.getTime()) {
      // The last attempt falls on the deadline itself.
      const next = new Date(Math.min(now.getTime() + plan.retryS * 1000, deadline.getTime()));
      const message = waitingMessage(date, attempt, next);
      await saveCycleDate(ctx.db, date, { status: 'waiting', message, attempts: attempt, next_attempt_at: next.toISOString(), job_id: plan.jobId });
      return { date, status: 'waiting', message, files: [] };
    }
    const message = missedDeadlineMessage(date, plan.deadline, reason);
    await saveCycleDate(ctx.db, date, { status: 'failed', message, attempts: attempt, job_id: plan.jobId });
    return { date, status: 'failed', message, files: [] };
  }
  await saveCycleDate(ctx.db, date, { status: 'failed', message: reason, attempts: attempt, job_id: plan.jobId });
  return { date, status: 'failed', message: reason, files: [] };
}
