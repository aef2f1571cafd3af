/**
 * The only SQL for `job_leases` (PostgreSQL only): which worker runs which job, and when it last said it was
 * alive. pg-boss 10 has expiration (a fixed time limit per job) but no heartbeat, so a worker killed with SIGKILL
 * would leave its job `active` for the whole limit. A worker refreshes `heartbeat_at` every few seconds while it
 * runs a job; a lease whose heartbeat is older than the stale limit belongs to a dead worker, and the sweeper
 * (sweeper.ts) in any live worker takes it over. Times are the database's clock (`now()`), never a machine's, so
 * workers on machines with skewed clocks still agree.
 *
 * The table is the queue's own, like pg-boss's schema: created by `installLeases` at start (under an advisory
 * lock, so processes starting together do not race), not by the app's migrations, since SQLite never has it.
 */
import type { SqlRunner } from './sql-runner.ts';

export interface Lease {
  jobId: number;
  /** The pg-boss job id (uuid). */
  queueId: string;
  /** The worker that runs it (`host:pid:random`), null while it waits in the queue. */
  owner: string | null;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  maxAttempts: number;
}

interface LeaseRow {
  job_id: number;
  queue_id: string;
  owner: string | null;
  attempt: number;
  max_attempts: number;
}

const toLease = (row: LeaseRow): Lease => ({
  jobId: row.job_id,
  queueId: row.queue_id,
  owner: row.owner,
  attempt: row.attempt,
  maxAttempts: row.max_attempts,
});

/** Any number; it only has to be the same in every process (hashtext of the table name would do as well). */
const INSTALL_LOCK = 7_150_315;

export async function installLeases(db: SqlRunner): Promise<void> {
  // One simple-protocol query: the statements run on one connection, in one implicit transaction.
  await db.executeSql(`
    SELECT pg_advisory_xact_lock(${INSTALL_LOCK});
    CREATE TABLE IF NOT EXISTS job_leases (
      job_id integer PRIMARY KEY,
      queue_id uuid NOT NULL,
      owner text,
      attempt integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL,
      heartbeat_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS job_leases_heartbeat ON job_leases (heartbeat_at) WHERE owner IS NOT NULL;
  `);
}

/** At submit: the job waits in the queue under pg-boss id `queueId`. */
export async function createLease(db: SqlRunner, jobId: number, queueId: string, maxAttempts: number): Promise<void> {
  await db.executeSql('INSERT INTO job_leases (job_id, queue_id, max_attempts) VALUES ($1, $2, $3)', [jobId, queueId, maxAttempts]);
}

/**
 * A worker that fetched the job takes the lease: only when nobody holds it, or its holder is stale (pg-boss gave
 * the job out again while a live worker still runs it: then the claim fails and the fetcher leaves it alone).
 */
export async function claimLease(db: SqlRunner, jobId: number, owner: string, attempt: number, staleSeconds: number): Promise<Lease | null> {
  const { rows } = await db.executeSql(
    `UPDATE job_leases SET owner = $2, attempt = $3, heartbeat_at = now(), updated_at = now()
     WHERE job_id = $1 AND (owner IS NULL OR heartbeat_at < now() - $4 * interval '1 second')
     RETURNING *`,
    [jobId, owner, attempt, staleSeconds],
  );
  return rows.length ? toLease(rows[0] as LeaseRow) : null;
}

/** The holder says it is alive; false when it no longer holds the lease (a sweeper took it over). */
export async function beat(db: SqlRunner, jobId: number, owner: string): Promise<boolean> {
  const { rows } = await db.executeSql('UPDATE job_leases SET heartbeat_at = now() WHERE job_id = $1 AND owner = $2 RETURNING job_id', [
    jobId,
    owner,
  ]);
  return rows.length === 1;
}

/** Whether `owner` still holds the lease (checked before writing the job's outcome). */
export async function holds(db: SqlRunner, jobId: number, owner: string): Promise<boolean> {
  const { rows } = await db.executeSql('SELECT 1 FROM job_leases WHERE job_id = $1 AND owner = $2', [jobId, owner]);
  return rows.length === 1;
}

/** The job went back to the queue (hand-back on SIGTERM): nobody holds it until a worker fetches it again. */
export async function releaseLease(db: SqlRunner, jobId: number, owner: string): Promise<void> {
  await db.executeSql('UPDATE job_leases SET owner = NULL, heartbeat_at = NULL, updated_at = now() WHERE job_id = $1 AND owner = $2', [
    jobId,
    owner,
  ]);
}

/** The job has its final outcome: the lease is no longer needed. */
export async function removeLease(db: SqlRunner, jobId: number): Promise<void> {
  await db.executeSql('DELETE FROM job_leases WHERE job_id = $1', [jobId]);
}

/**
 * Take over every lease whose holder stopped beating `staleSeconds` ago: one UPDATE, so of several sweepers
 * running at once each lease goes to exactly one. The leases come back released (owner null).
 */
export async function takeStaleLeases(db: SqlRunner, staleSeconds: number): Promise<Lease[]> {
  const { rows } = await db.executeSql(
    `UPDATE job_leases SET owner = NULL, heartbeat_at = NULL, updated_at = now()
     WHERE owner IS NOT NULL AND heartbeat_at < now() - $1 * interval '1 second'
     RETURNING *`,
    [staleSeconds],
  );
  return (rows as LeaseRow[]).map(toLease);
}

/**
 * Leases nobody holds that were last changed `olderThanSeconds` ago: jobs waiting in the queue, or fetched by a
 * worker that died before it could claim the lease (the sweeper asks pg-boss which).
 */
export async function unheldLeases(db: SqlRunner, olderThanSeconds: number): Promise<Lease[]> {
  const { rows } = await db.executeSql(
    `SELECT * FROM job_leases WHERE owner IS NULL AND updated_at < now() - $1 * interval '1 second' ORDER BY job_id LIMIT 100`,
    [olderThanSeconds],
  );
  return (rows as LeaseRow[]).map(toLease);
}

/** Mark a lease as looked at (so an unheld lease is checked again only after another stale period). */
export async function touchLease(db: SqlRunner, jobId: number): Promise<void> {
  await db.executeSql('UPDATE job_leases SET updated_at = now() WHERE job_id = $1 AND owner IS NULL', [jobId]);
}
