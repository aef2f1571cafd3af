/**
 * GET /api/v1/cycle's answer: the schedule, the runs, the disk (DATA_DIR's size as last counted, the free space now,
 * the reserve), and each date of the backfill window: the sector's in `dates` (as before the regions), and per
 * region the cycle builds (CYCLE_REGIONS) in `regions`.
 */
import type { CycleDateView, CycleRegionView, CycleStatus } from '../../../common/api-types/cycle.ts';
import { regionById, type RegionId } from '../../../common/regions/index.ts';
import type { Db } from '../db/database.ts';
import type { DataDisk } from '../disk/setup-disk.ts';
import { inboxEntries } from '../icecharts/chart-inbox.ts';
import { cycleDates, lastRetention, type CycleDate } from './cycle-repository.ts';
import { analysisSourceOf } from '../ingest/ingest-analysis.ts';
import { windowDates, type CycleSettings } from './schedule.ts';

/** What the status needs of the scheduler (../jobs/cycle-scheduler.ts): its settings and its next run. */
export interface CycleClock {
  readonly settings: CycleSettings;
  nextRun(now: Date): Promise<Date | null>;
}

/**
 * The sector's status is the date's row, as before the regions. Another region's is `done` once its files are,
 * else the row's while the run is at it or failed (a region's failure fails the date), `pending` otherwise.
 */
function statusOf(region: RegionId, built: boolean, row: CycleDate | undefined): CycleDateView['status'] {
  if (region === 'sector') return row?.status ?? (built ? 'done' : 'pending');
  if (built) return 'done';
  return row && row.status !== 'done' ? row.status : 'pending';
}

/** Each date of `window` in `region`: its files and records; the date's row (the run's state) as described above. */
async function regionDates(db: Db, region: RegionId, window: string[], rows: Map<string, CycleDate>, datasetId: string): Promise<CycleDateView[]> {
  const files = await db.selectFrom('forecast_files').select(['kind', 'owner', 'date']).where('date', 'in', window).where('region', '=', region).execute();
  const scored = new Set((await db.selectFrom('verification_records').select('date').distinct().where('date', 'in', window).where('region', '=', region).execute()).map((row) => row.date));
  return window.map((date) => {
    const own = files.filter((file) => file.date === date);
    const forecasts = own.filter((file) => file.kind !== 'analysis');
    const analysis = own.some((file) => file.kind === 'analysis' && file.owner === datasetId);
    const row = rows.get(date);
    const status = statusOf(region, analysis && forecasts.length > 0, row);
    return {
      date,
      analysis,
      forecasts: forecasts.length,
      verification: scored.has(date),
      status,
      message: status === 'done' && region !== 'sector' ? null : (row?.message ?? null),
    };
  });
}

export async function cycleStatus(db: Db, disk: DataDisk, scheduler: CycleClock, now = new Date()): Promise<CycleStatus> {
  const { settings } = scheduler;
  const window = windowDates(now, settings.backfillDays);
  const rows = await cycleDates(db, window);
  const datasetId = analysisSourceOf(settings.source).datasetId;
  const dates = await regionDates(db, 'sector', window, rows, datasetId);
  const regions: CycleRegionView[] = [];
  for (const id of settings.regions ?? ['sector']) {
    regions.push({ id, name: regionById(id).name, dates: id === 'sector' ? dates : await regionDates(db, id, window, rows, datasetId) });
  }
  const lastJob = await db.selectFrom('jobs').select('created_at').where('kind', 'in', ['daily_cycle', 'force_fetch_data']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const next = await scheduler.nextRun(now);
  const figures = await disk.figures();
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
    regions,
  };
}
