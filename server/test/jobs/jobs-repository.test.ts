import { describe, expect, it } from 'vitest';
import {
  failUnfinishedJobs,
  CYCLE_JOB_KINDS,
  findActiveJob,
  findJob,
  insertJob,
  JobAlreadyActiveError,
  listVisibleJobs,
  markFailed,
  markRunning,
  markSucceeded,
  setProgress,
} from '../../src/jobs/jobs-repository.ts';
import { ENGINES, freshDb } from '../engines.ts';

describe.each(ENGINES)('jobs repository (%s)', (engine) => {
  it('stores a job and records its progress, result and times as ISO text', async () => {
    const db = await freshDb(engine);
    const job = await insertJob(db, 'generate_forecast', { date: '2026-01-01' }, null);
    expect(job).toMatchObject({ kind: 'generate_forecast', status: 'queued', progress: 0, request: { date: '2026-01-01' }, result: null, user_id: null });
    expect(await markRunning(db, job.id)).toBe(true);
    expect(await markRunning(db, job.id)).toBe(false);
    await setProgress(db, job.id, 0.25, 'a quarter');
    await setProgress(db, job.id, 0.5, null);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'running', progress: 0.5, message: 'a quarter' });
    await markSucceeded(db, job.id, { files: ['a.nc'] }, 'done');
    await markFailed(db, job.id, 'too late');
    const done = (await findJob(db, job.id))!;
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, result: { files: ['a.nc'] }, message: 'done' });
    for (const time of [done.created_at, done.started_at, done.finished_at]) expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await listVisibleJobs(db, { id: 0, admin: true }, 10)).map((row) => row.id)).toEqual([job.id]);
  });

  it('refuses a second run of the daily cycle (scheduled or asked for) while one is queued or running, even when both are inserted at once', async () => {
    const db = await freshDb(engine);
    const attempts = await Promise.allSettled([1, 2, 3].map(() => insertJob(db, 'force_fetch_data', {}, null)));
    const stored = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(stored).toHaveLength(1);
    expect(refused).toHaveLength(2);
    const first = (stored[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof insertJob>>>).value;
    for (const attempt of refused) {
      const error = (attempt as PromiseRejectedResult).reason as unknown;
      expect(error).toBeInstanceOf(JobAlreadyActiveError);
      expect((error as JobAlreadyActiveError).active?.id).toBe(first.id);
    }
    // Other kinds are not single-flight.
    await insertJob(db, 'generate_forecast', {}, null);
    await insertJob(db, 'generate_forecast', {}, null);

    await markRunning(db, first.id);
    await expect(insertJob(db, 'force_fetch_data', {}, null)).rejects.toBeInstanceOf(JobAlreadyActiveError);
    await markFailed(db, first.id, 'gone');
    const next = await insertJob(db, 'force_fetch_data', {}, null);
    expect((await findActiveJob(db, CYCLE_JOB_KINDS))?.id).toBe(next.id);
    // A scheduled run of the cycle is refused while an asked-for one goes on, and the other way round.
    await expect(insertJob(db, 'daily_cycle', {}, null)).rejects.toMatchObject({ name: 'JobAlreadyActiveError', active: { id: next.id } });
    await markFailed(db, next.id, 'gone');
    const scheduled = await insertJob(db, 'daily_cycle', {}, null);
    await expect(insertJob(db, 'force_fetch_data', {}, null)).rejects.toMatchObject({ name: 'JobAlreadyActiveError', active: { id: scheduled.id } });
    expect(await failUnfinishedJobs(db, 'restart')).toBe(3);
  });
});
