/**
 * GET /api/v1/cycle as the server answers it and the 'Задания' page shows it: the daily cycle's schedule, its next
 * and last run, DATA_DIR's size, what retention last removed, and each date of the backfill window.
 */

export const CYCLE_DATE_STATUSES = ['pending', 'queued', 'running', 'waiting', 'done', 'failed', 'retired'] as const;
export type CycleDateStatus = (typeof CYCLE_DATE_STATUSES)[number];

export interface CycleDateView {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The configured source's analysis of the date is archived. */
  analysis: boolean;
  /** Forecast files of the date (every model, free and assimilated runs). */
  forecasts: number;
  /** Runs started on the date have verification records (scored against a later date's analysis: today's never yet). */
  verification: boolean;
  /** `pending`: no run has looked at the date yet. */
  status: CycleDateStatus;
  /** What the last run said (Russian): the waiting message with its next attempt, or why it failed. */
  message: string | null;
}

/** One region the cycle builds (CYCLE_REGIONS) and its dates, as `dates` gives the sector's. */
export interface CycleRegionView {
  /** The region's id ('sector', 'arctic'), as GET /api/v1/regions lists it. */
  id: string;
  /** Its Russian name. */
  name: string;
  /**
   * Each date of the window in this region: `analysis` and `forecasts` count its own files, `verification` its
   * own records; `status` is `done` once its analysis and a forecast are there, else the date's run's (a region's
   * failure fails the date, its message naming the region).
   */
  dates: CycleDateView[];
}

export interface CycleRetentionView {
  ran_at: string;
  dates: string[];
  files: number;
  bytes: number;
  disk_bytes: number;
}

/** A file of the chart inbox (CHART_SOURCE=dir:PATH) and what became of it. */
export interface CycleChartFile {
  /** The file's name in the folder. */
  name: string;
  /** `imported`; `skipped`: its service and valid time were stored already; `failed`: refused (not tried again unless the file changes). */
  status: 'imported' | 'skipped' | 'failed';
  /** Russian: the chart imported, why it was skipped, or the reason it was refused. */
  message: string;
  chart_id: number | null;
  /** ISO time the cycle took it up. */
  seen_at: string;
}

export interface CycleStatus {
  /** Cron (UTC) or 'off'. */
  schedule: string;
  /** ISO time of the next run (the next tick or a retry), null when nothing is planned. */
  next_run: string | null;
  /** ISO time the last run started, null before the first. */
  last_run: string | null;
  /** Bytes of every file under DATA_DIR, as last counted (at most a few minutes old; recounted after each job). */
  disk_bytes: number;
  /** Bytes still free on DATA_DIR's disk, now. */
  disk_free_bytes: number;
  /** Size of that disk, bytes. */
  disk_total_bytes: number;
  /** DISK_RESERVE: with less free than this the cycle starts no date ('Недостаточно места на диске: …'). */
  disk_reserve_bytes: number;
  /** RETAIN_DAYS (0: files are kept). */
  retain_days: number;
  last_retention: CycleRetentionView | null;
  dates: CycleDateView[];
  /** CHART_SOURCE's folder, null when the cycle takes no charts. */
  chart_source: string | null;
  /** The chart inbox's files, the last taken up first (at most 20). */
  charts: CycleChartFile[];
  /** Every region the cycle builds (CYCLE_REGIONS), the sector first; `dates` above is the sector's. */
  regions: CycleRegionView[];
}
