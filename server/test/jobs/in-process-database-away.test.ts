/**
 * An API server that runs jobs itself on PostgreSQL (JOB_RUNNER=in-process, one server without workers) while its
 * database goes away and comes back: PostgreSQL is a server of this file's own, stopped with `pg_ctl stop -m fast`
 * from inside a job and started again a few seconds later. A job interrupted by it is handed back and runs once
 * more when the database answers (at most once: a second interruption fails it with a reason); a job that
 * finished meanwhile has its outcome recorded once the database answers. The server stays up throughout.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Job } from '../../../common/api-types/jobs.ts';
import { findJob } from '../../src/jobs/jobs-repository.ts';
import type { JobHandler } from '../../src/jobs/job-handler.ts';
import { startPostgres, type PostgresServer } from '../postgres/postgres-server.ts';
import { makeApp } from '../helpers.ts';

/** How long the database stays down (ms): the runner tries again meanwhile. */
const OUTAGE_MS = 3000;

let postgres: PostgresServer;

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(() => postgres?.stop(), 60_000);

/** Stop PostgreSQL now and start it again after OUTAGE_MS (resume() blocks until it accepts connections). */
function outage(): void {
  postgres.halt();
  setTimeout(() => postgres.resume(), OUTAGE_MS);
}

async function runToEnd(app: FastifyInstance, handler: JobHandler): Promise<Job> {
  const submitted = await app.jobs.submit('generate_forecast', { date: '2026-11-26' }, null, handler);
  await app.jobs.idle();
  const job = await findJob(app.db, submitted.id);
  if (!job) throw new Error('the job row is gone');
  return job;
}

const inProcessApp = () => makeApp({ databaseUrl: postgres.url, env: { JOB_RUNNER: 'in-process' } });

describe('the in-process job runner on PostgreSQL, the database going away mid-job', () => {
  it('hands the interrupted job back and runs it again once the database answers', async () => {
    const { app, logs } = await inProcessApp();
    const runs: number[] = [];
    const job = await runToEnd(app, async () => {
      runs.push(Date.now());
      if (runs.length === 1) {
        outage();
        // The job's own database work meets the outage.
        await sql`SELECT 1`.execute(app.db);
      }
      return { result: { runs: runs.length } };
    });
    expect(runs).toHaveLength(2);
    // The second run waited for the database to be back.
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(OUTAGE_MS);
    expect(job).toMatchObject({ status: 'succeeded', result: { runs: 2 } });
    expect(logs()).toContain('job interrupted: the database is unavailable; it runs again once it answers');
    console.log(`in-process job interrupted by a ${OUTAGE_MS} ms outage: succeeded on its 2nd run ${runs[1] - runs[0]} ms after the 1st`);
  }, 120_000);

  it('runs it again once only: interrupted twice, it fails with the reason', async () => {
    const { app } = await inProcessApp();
    let runs = 0;
    const job = await runToEnd(app, async () => {
      runs += 1;
      outage();
      await sql`SELECT 1`.execute(app.db);
      return { result: {} };
    });
    expect(runs).toBe(2);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/ECONNREFUSED|terminat|connect/i);
  }, 120_000);

  it('records the outcome of a job that finished while the database was away, once it answers', async () => {
    const { app } = await inProcessApp();
    let runs = 0;
    const job = await runToEnd(app, async () => {
      runs += 1;
      outage();
      return { result: { computed: 42 }, message: 'готово' };
    });
    expect(runs).toBe(1);
    expect(job).toMatchObject({ status: 'succeeded', result: { computed: 42 }, message: 'готово' });
  }, 120_000);
});
