/**
 * The deployment's state as /metrics reports it, read at each scrape: jobs waiting and running (the queue), the
 * daily cycle's dates (the same computation as GET /api/v1/cycle), the newest verification, DATA_DIR's free and
 * used bytes. Shared state lives in the database and DATA_DIR, so any server of a fleet answers the same.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DataDisk } from '../disk/setup-disk.ts';
import { cycleStatus, type CycleClock } from '../cycle/cycle-status.ts';
import type { StateSnapshot } from './server-metrics.ts';

export interface SnapshotSources {
  db: Db;
  disk: DataDisk;
  cycle: CycleClock;
}

export async function readSnapshot({ db, disk, cycle }: SnapshotSources): Promise<StateSnapshot> {
  const jobs = await db
    .selectFrom('jobs')
    .select(['kind', 'status', sql<number>`count(*)`.as('count')])
    .where('status', 'in', ['queued', 'running'])
    .groupBy(['kind', 'status'])
    .execute();
  const newest = await db.selectFrom('verification_records').select(sql<string | null>`max(computed_at)`.as('at')).executeTakeFirst();
  const status = await cycleStatus(db, disk, cycle);
  const { freeBytes } = disk.space();
  return {
    jobs: jobs.map((row) => ({ kind: row.kind, status: row.status as 'queued' | 'running', count: Number(row.count) })),
    cycleDates: status.dates.map(({ date, status: state }) => ({ date, status: state })),
    verificationComputedAt: newest?.at ? Date.parse(newest.at) / 1000 : null,
    freeBytes,
    storeBytes: status.disk_bytes,
  };
}
