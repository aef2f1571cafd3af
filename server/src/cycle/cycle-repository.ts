/**
 * SQL for the daily cycle's tables (migration 11): each date's state, the schedule's claimed ticks, retention's
 * record. Claims are single statements (an insert that does nothing on conflict, an update guarded by the old
 * state), so of several servers on one database exactly one wins, on SQLite and PostgreSQL alike.
 */
import { nowText, type Db } from '../db/database.ts';
import type { CycleDatesTable } from '../db/schema.ts';

export type CycleDateStatus = CycleDatesTable['status'];

export interface CycleDate {
  date: string;
  status: CycleDateStatus;
  attempts: number;
  message: string | null;
  next_attempt_at: string | null;
  job_id: number | null;
  updated_at: string;
}

const COLUMNS = ['date', 'status', 'attempts', 'message', 'next_attempt_at', 'job_id', 'updated_at'] as const;

export async function cycleDates(db: Db, dates: readonly string[]): Promise<Map<string, CycleDate>> {
  if (dates.length === 0) return new Map();
  const rows = await db.selectFrom('cycle_dates').select(COLUMNS).where('date', 'in', dates).execute();
  return new Map(rows.map((row) => [row.date, row]));
}

/** Set a date's state (inserted on first use). */
export async function saveCycleDate(
  db: Db,
  date: string,
  state: { status: CycleDateStatus; message: string | null; attempts?: number; next_attempt_at?: string | null; job_id?: number | null },
): Promise<void> {
  const values = {
    date,
    status: state.status,
    message: state.message,
    attempts: state.attempts ?? 0,
    next_attempt_at: state.next_attempt_at ?? null,
    job_id: state.job_id ?? null,
    updated_at: nowText(),
  };
  await db
    .insertInto('cycle_dates')
    .values(values)
    .onConflict((oc) =>
      oc.column('date').doUpdateSet({
        status: values.status,
        message: values.message,
        ...(state.attempts !== undefined ? { attempts: values.attempts } : {}),
        next_attempt_at: values.next_attempt_at,
        ...(state.job_id !== undefined ? { job_id: values.job_id } : {}),
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

/** Claim the run of a scheduled tick: true for the one caller whose insert made the row. */
export async function claimTick(db: Db, tickAt: string): Promise<boolean> {
  const result = await db.insertInto('cycle_ticks').values({ tick_at: tickAt }).onConflict((oc) => oc.column('tick_at').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Give a claimed tick back (its run could not be started; the next look claims it again). */
export async function releaseTick(db: Db, tickAt: string): Promise<void> {
  await db.deleteFrom('cycle_ticks').where('tick_at', '=', tickAt).where('job_id', 'is', null).execute();
}

export async function setTickJob(db: Db, tickAt: string, jobId: number): Promise<void> {
  await db.updateTable('cycle_ticks').set({ job_id: jobId }).where('tick_at', '=', tickAt).execute();
}

export async function tickClaimed(db: Db, tickAt: string): Promise<boolean> {
  return (await db.selectFrom('cycle_ticks').select('tick_at').where('tick_at', '=', tickAt).executeTakeFirst()) !== undefined;
}

/** Waiting dates whose next attempt is due at `now`. */
export async function dueRetries(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('cycle_dates')
    .select('date')
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('date')
    .execute();
  return rows.map((row) => row.date);
}

/**
 * Claim due retries: waiting → queued for exactly the dates whose row this update changed (another server's
 * update of the same row finds it queued already and changes nothing).
 */
export async function claimRetries(db: Db, dates: readonly string[], now: Date): Promise<string[]> {
  const claimed: string[] = [];
  for (const date of dates) {
    const result = await db
      .updateTable('cycle_dates')
      .set({ status: 'queued', updated_at: nowText() })
      .where('date', '=', date)
      .where('status', '=', 'waiting')
      .where('next_attempt_at', '<=', now.toISOString())
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) claimed.push(date);
  }
  return claimed;
}

/** The earliest pending retry, for the scheduler's next wake. */
export async function nextRetryAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('cycle_dates')
    .select('next_attempt_at')
    .where('status', '=', 'waiting')
    .where('next_attempt_at', 'is not', null)
    .orderBy('next_attempt_at')
    .limit(1)
    .executeTakeFirst();
  return row?.next_attempt_at ? new Date(row.next_attempt_at) : null;
}

/** Dates left queued or running by a run that is no longer active (a restart): the next run resumes them. */
export async function unfinishedDates(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('cycle_dates').select('date').where('status', 'in', ['queued', 'running']).orderBy('date').execute();
  return rows.map((row) => row.date);
}

export interface RetentionRecord {
  ran_at: string;
  dates: string[];
  files: number;
  bytes: number;
  disk_bytes: number;
}

export async function recordRetention(db: Db, record: Omit<RetentionRecord, 'ran_at'>): Promise<void> {
  await db
    .insertInto('cycle_retention')
    .values({ dates: JSON.stringify(record.dates), files: record.files, bytes: record.bytes, disk_bytes: record.disk_bytes, ran_at: nowText() })
    .execute();
}

export async function lastRetention(db: Db): Promise<RetentionRecord | null> {
  const row = await db.selectFrom('cycle_retention').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? { ran_at: row.ran_at, dates: JSON.parse(row.dates) as string[], files: Number(row.files), bytes: Number(row.bytes), disk_bytes: Number(row.disk_bytes) } : null;
}

/** Drop the bookkeeping of ticks and retention runs older than `before` (ISO). */
export async function pruneCycleRecords(db: Db, before: string): Promise<void> {
  await db.deleteFrom('cycle_ticks').where('tick_at', '<', before).execute();
  await db.deleteFrom('cycle_retention').where('ran_at', '<', before).execute();
}
