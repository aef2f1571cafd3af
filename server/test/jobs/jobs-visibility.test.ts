import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, testTarget, type Engine } from '../engines.ts';
import { createUser, findUserByEmail } from '../../src/db/users.ts';
import { call, startTestApp, waitForJob, type TestApp } from './test-app.ts';

let running: TestApp[] = [];
afterEach(async () => {
  for (const test of running) await test.close();
  running = [];
});

/** The demo app with one job of the demo user (`test`), one of `other` and one of the admin, all finished. */
async function withJobs(engine: Engine) {
  const target = await testTarget(engine);
  const test = await startTestApp(target.databaseUrl ? { DATABASE_URL: target.databaseUrl, JOB_RUNNER: 'in-process' } : {});
  running.push(test);
  const { app } = test;
  const id = async (email: string) => (await findUserByEmail(app.db, email))!.id;
  const other = await createUser(app.db, { email: 'other@x.org', username: 'other', passwordHash: 'x', role: 'user' });
  const done = async () => ({ result: { ok: true } });
  const mine = await app.jobs.submit('generate_model', { content: 'secret of test' }, await id('test@demo.local'), done);
  const theirs = await app.jobs.submit('generate_model', { content: 'secret of other' }, other.id, done);
  const admins = await app.jobs.submit('force_fetch_data', {}, await id('admin@demo.local'), done);
  await app.jobs.idle();
  return { ...test, mine, theirs, admins };
}

describe.each(ENGINES)('who sees which jobs (%s)', (engine) => {
  it('a user lists only their own jobs, with their request and name', async () => {
    const { app, signIn, mine } = await withJobs(engine);
    const headers = await signIn('user');
    const list = await call(app, { method: 'GET', url: '/api/v1/jobs', headers });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: mine.id, request: { content: 'secret of test' }, username: 'test' }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('secret of other');
  });

  it("a user gets 404 for another user's job, the same answer as for a missing one", async () => {
    const { app, signIn, theirs, admins, mine } = await withJobs(engine);
    const headers = await signIn('user');
    for (const job of [theirs, admins]) {
      expect(await call(app, { method: 'GET', url: `/api/v1/jobs/${job.id}`, headers })).toEqual({
        status: 404,
        body: { detail: 'Job not found' },
      });
    }
    const own = await waitForJob(app, headers, mine.id);
    expect(own).toMatchObject({ status: 'succeeded', request: { content: 'secret of test' } });
  });

  it.each(['admin', 'superuser'] as const)('%s sees every job with who asked and the request', async (role) => {
    const { app, signIn, mine, theirs, admins } = await withJobs(engine);
    const headers = await signIn(role);
    const list = await call(app, { method: 'GET', url: '/api/v1/jobs', headers });
    expect(list.body.map((job: { id: number; username: string }) => [job.id, job.username])).toEqual([
      [admins.id, 'admin'],
      [theirs.id, 'other'],
      [mine.id, 'test'],
    ]);
    const one = await call(app, { method: 'GET', url: `/api/v1/jobs/${theirs.id}`, headers });
    expect(one.body).toMatchObject({ id: theirs.id, request: { content: 'secret of other' }, username: 'other' });
  });
});
