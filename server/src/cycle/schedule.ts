/**
 * The daily cycle's clock: CYCLE_SCHEDULE (cron, UTC, evaluated by croner; `off` disables), CYCLE_DEADLINE
 * (HH:MM UTC) and the dates a run covers. Pure functions of a given `now`, so tests drive them with a fake clock.
 */
import { Cron } from 'croner';
import type { AnalysisSourceConfig } from '../ingest/products.ts';
import { REGIONS, isRegionId, type RegionId } from '../../../common/regions/index.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

export const SCHEDULE_OFF = 'off';

/** Validates a cron pattern (5 fields, or 6 with seconds first) or `off`; throws with what is expected. */
export function parseCycleSchedule(raw: string): string {
  const value = raw.trim();
  if (value.toLowerCase() === SCHEDULE_OFF) return SCHEDULE_OFF;
  try {
    new Cron(value, { timezone: 'UTC', paused: true }).stop();
  } catch (error) {
    throw new Error(`expected a cron pattern such as '30 6 * * *' (UTC) or off: ${(error as Error).message}`);
  }
  return value;
}

const REGION_IDS = REGIONS.map((region) => region.id);

/**
 * CYCLE_REGIONS: the regions each run builds, comma-separated, each named once; returned in the regions' own
 * order (the sector first), so a run always builds the spec's files before the others.
 */
export function parseCycleRegions(raw: string): RegionId[] {
  const named = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const expected = `expected one or more of ${REGION_IDS.join(', ')}, comma-separated`;
  if (named.length === 0) throw new Error(expected);
  const unknown = named.filter((id) => !isRegionId(id));
  if (unknown.length > 0) throw new Error(`unknown region ${unknown.join(', ')}: ${expected}`);
  const twice = named.filter((id, k) => named.indexOf(id) !== k);
  if (twice.length > 0) throw new Error(`region ${[...new Set(twice)].join(', ')} named twice: ${expected}`);
  return REGION_IDS.filter((id) => named.includes(id));
}

/** 'HH:MM' (UTC), 00:00 to 23:59; returned as written with two-digit parts. */
export function parseTimeOfDay(raw: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(raw.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) throw new Error('expected a time of day HH:MM (UTC), e.g. 18:00');
  return `${match[1].padStart(2, '0')}:${match[2]}`;
}

function cron(schedule: string): Cron | null {
  return schedule === SCHEDULE_OFF ? null : new Cron(schedule, { timezone: 'UTC', paused: true });
}

/** The first occurrence strictly after `after`, or null when the schedule is off. */
export function nextOccurrence(schedule: string, after: Date): Date | null {
  const job = cron(schedule);
  if (!job) return null;
  try {
    return job.nextRun(after);
  } finally {
    job.stop();
  }
}

/**
 * The latest occurrence in (since, now], or null: the tick a server that was down (or just started) has not seen.
 * Steps through at most `limit` occurrences (a per-second schedule over a day would be 86 400).
 */
export function latestOccurrence(schedule: string, since: Date, now: Date, limit = 2000): Date | null {
  const job = cron(schedule);
  if (!job) return null;
  try {
    let latest: Date | null = null;
    let cursor: Date | null = since;
    for (let k = 0; k < limit && cursor; k++) {
      cursor = job.nextRun(cursor);
      if (!cursor || cursor.getTime() > now.getTime()) break;
      latest = cursor;
    }
    return latest;
  } finally {
    job.stop();
  }
}

/** The dates a run started at `now` looks at: today − backfill … today, oldest first. */
export function windowDates(now: Date, backfillDays: number): string[] {
  const today = utcDay(now);
  return Array.from({ length: backfillDays + 1 }, (_, k) => addDays(today, k - backfillDays));
}

/** The instant a date's product counts as failed when still missing: the date at CYCLE_DEADLINE (UTC). */
export const deadlineOf = (date: string, deadline: string): Date => new Date(`${date}T${deadline}:00Z`);

/** 'HH:MM' of a UTC instant, as the waiting message shows the next attempt. */
export const clockOf = (time: Date): string => time.toISOString().slice(11, 16);

/** The daily cycle's settings (CYCLE_*, RETAIN_DAYS, ANALYSIS_SOURCE), as the scheduler and the status read them. */
export interface CycleSettings {
  schedule: string;
  backfillDays: number;
  retryS: number;
  deadline: string;
  retainDays: number;
  source: AnalysisSourceConfig;
  /** DISK_RESERVE, bytes: a date is not started with less free space than this. */
  diskReserveBytes: number;
  /** CHART_SOURCE: the inbox of ice charts each run takes up (IMPORT_MAX_BYTES the largest file), or null. */
  charts?: ChartInbox | null;
  /** CYCLE_REGIONS: the regions whose files each run builds, the sector first (absent: the sector only). */
  regions?: RegionId[];
}

/** The chart inbox of a run: its folder and the largest file taken (bytes). */
export interface ChartInbox {
  folder: string;
  maxBytes: number;
}
