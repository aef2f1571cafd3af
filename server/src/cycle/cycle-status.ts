/**
 * GET /api/v1/cycle's answer: the schedule, the runs, the disk (DATA_DIR's size as last counted, the free space now,
 * the reserve), and each date of the backfill window.
 */
import type { CycleDateView, CycleStatus } from '../../../common/api-types/cycle.ts';
import type { Db } from '../db/database.ts';
import type { DataDisk } from '../disk/setup-disk.ts';
import { inboxEntries } from '../icecharts/chart-inbox.ts';
import { cycleDates, lastRetention } from './cycle-repository.ts';
import { analysisSourceOf } from '../ingest/ingest-analysis.ts';
import { windowDates, type CycleSettings } from './schedule.ts';

/** What the status needs of the scheduler (../jobs/cycle-scheduler.ts): its settings and its next run. */
export interface CycleClock {
  readonly settings: CycleSettings;
  nextRun(now: Date): Promise<Date | null>;
}

export async function cycleStatus(db: Db, disk: DataDisk, scheduler: CycleClock, now = new Date()): Promise<CycleStatus> {
  const { settings } = scheduler;
  const window = windowDates(now, settings.backfillDays);
  const rows = await cycleDates(db, window);
  const datasetId = analysisSourceOf(settings.source).datasetId;
  // The daily cycle builds the sector's files; another region's are not counted here.
  const files = await db.selectFrom('forecast_files').select(['kind', 'owner', 'date']).where('date', 'in', window).where('region', '=', 'sector').execute();
  const scored = new Set((await db.selectFrom('verification_records').select('date').distinct().where('date', 'in', window).where('region', '=', 'sector').execute()).map((row) => row.date));
  const lastJob = await db.selectFrom('jobs').select('created_at').where('kind', 'in', ['daily_cycle', 'force_fetch_data']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const next = await scheduler.nextRun(now);
  const figures = await disk.figures();
  const dates: CycleDateView[] = window.map((date) => {
    const own = files.filter((file) => file.date === date);
    const forecasts = own.filter((file) => file.kind !== 'analysis');
    const analysis = own.some((file) => file.kind === 'analysis' && file.owner === datasetId);
    const row = rows.get(date);
    return {
      date,
      analysis,
      forecasts: forecasts.length,
      verification: scored.has(date),
      status: row?.status ?? (analysis && forecasts.length > 0 ? 'done' : 'pending'),
      message: row?.message ?? null,
    };
  });
  return {
    schedule: settings.schedule,
    next_run: next?.toISOString() ?? null,
    last_run: lastJob?.created_at ?? null,
    disk_bytes: figures.data_bytes,
    disk_free_bytes: figures.free_bytes,
    disk_total_bytes: figures.total_bytes,
    disk_reserve_bytes: figures.reserve_bytes,
    retain_days: settings.retainDays,
    last_retention: await lastRetention(db),
    dates,
    chart_source: settings.charts?.folder ?? null,
    charts: await inboxEntries(db),
  };
}
