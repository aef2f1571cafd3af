/**
 * The backup drill: `npm run backup` taken while the server answers requests (sign-ins writing sessions, forecast
 * downloads) and runs a job, then `npm run restore` into an empty folder and a server started there: the same
 * users, sessions, jobs, verification records and files (same ETags, the same bytes). A non-empty DATA_DIR is
 * refused. On both engines: with PostgreSQL the README's recipe as an operator types it, under the same load —
 * `pg_dump --format=custom` first, then `npm run backup`; into an empty database `pg_restore --no-owner`, then
 * `npm run restore` into an empty DATA_DIR (Debian's PostgreSQL 15 client programs, `postgresBinDir()`). Jobs run
 * through the durable queue there, by a queue worker beside the app.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startQueueWorker } from '../../src/jobs/queue/start-worker.ts';
import { ENGINES } from '../engines.ts';
import { createTestDatabase } from '../postgres/databases.ts';
import { postgresBinDir } from '../postgres/postgres-server.ts';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import { setDefaultModel } from '../../src/cycle/daily-models.ts';
import { login, makeApp, repoRoot, signedIn, tempDir } from '../helpers.ts';
import { call, waitForJob } from '../jobs/test-app.ts';
import { utcDay } from '../../../common/utc-day.ts';

const run = promisify(execFile);
/** `npm run backup -- --to DIR` / `npm run restore -- --from DIR`, as the README has them, with the server's DATA_DIR and DATABASE_URL. */
const cli = ([command, ...args]: string[], dataDir: string, databaseUrl: string | null = null) =>
  run('npm', ['run', '--silent', command, '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
    cwd: repoRoot,
  });
/** A PostgreSQL client program of Debian's (pg_dump, pg_restore), as the README's recipe runs it. */
const pg = (program: string, args: string[]) => run(join(postgresBinDir(), program), args);

describe.each(ENGINES)('backup and restore (%s)', (engine) => {
  it('copies a running server consistently; a server on the restored folder has the same rows and files', async () => {
    const original = await makeApp({ database: engine, env: { CYCLE_BACKFILL_DAYS: '1' } });
    const { app } = original;
    if (engine === 'postgres') {
      const worker = await startQueueWorker(app.config, app.log);
      onTestFinished(() => worker.close());
    }
    await seedModels(app.db, 'model_2');
    await setDefaultModel(app.db, 'model_2');
    const admin = await signedIn(app, 'admin');
    const user = await signedIn(app, 'user');
    const started = await call(app, { method: 'POST', url: '/api/v1/force_fetch_data', payload: {}, headers: admin.headers });
    expect((await waitForJob(app, admin.headers, started.body.job_id, 240_000)).status).toBe('succeeded');
    const recordsBefore = await app.db.selectFrom('verification_records').selectAll().orderBy('date').orderBy('model_id').orderBy('run').orderBy('lead_hours').execute();
    expect(recordsBefore.length).toBeGreaterThan(0);
    const jobsBefore = await app.db.selectFrom('jobs').select(['id', 'kind', 'status', 'message', 'result']).orderBy('id').execute();
    const usersBefore = await app.db.selectFrom('users').select(['id', 'email', 'role_id']).orderBy('id').execute();

    // Load while the backup runs: a job writing files, sign-ins writing sessions, downloads reading them.
    const job = await call(app, { method: 'POST', url: '/api/v1/forecast/generate', payload: { date: utcDay(), model_ids: ['model_1', 'model_3'] }, headers: admin.headers });
    expect(job.status).toBe(202);
    let loading = true;
    const load = (async () => {
      let requests = 0;
      while (loading) {
        await login(app, admin.user.email);
        const reply = await app.inject({ method: 'GET', url: `/api/v1/forecast/hist?date=${utcDay()}&model_id=model_2`, headers: user.headers });
        expect(reply.statusCode).toBe(200);
        requests++;
      }
      return requests;
    })();
    const backupDir = join(tempDir('ice-backup-'), 'copy');
    const dump = join(tempDir('ice-dump-'), 'ice.dump');
    // PostgreSQL: the database is pg_dump's, a consistent snapshot, first; then the files its index lists.
    if (original.databaseUrl) await pg('pg_dump', ['--format=custom', `--file=${dump}`, original.databaseUrl]);
    const { stdout } = await cli(['backup', '--to', backupDir], original.dataDir, original.databaseUrl);
    loading = false;
    const requests = await load;
    expect(requests).toBeGreaterThan(0);
    expect(stdout).toMatch(engine === 'sqlite' ? /^backup in .*: the database, \d+ files, secret/ : /^backup in .*: \d+ files, secret/);
    console.log(`${engine}: ${stdout.trim()}, taken while ${requests} sign-ins and downloads ran`);
    await waitForJob(app, admin.headers, job.body.job_id, 240_000);

    // Not into a folder that holds anything.
    const busy = tempDir('ice-busy-');
    writeFileSync(join(busy, 'something'), 'x');
    await expect(cli(['restore', '--from', backupDir], busy)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/is not empty/) });

    const restoredDir = join(tempDir('ice-restored-'), 'data');
    mkdirSync(restoredDir);
    let restoredUrl: string | null = null;
    if (engine === 'postgres') {
      // An empty database (the operator's `createdb`), dropped when the test ends.
      const empty = await createTestDatabase();
      onTestFinished(() => empty.drop());
      restoredUrl = empty.url;
      await pg('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
    }
    await cli(['restore', '--from', backupDir], restoredDir, restoredUrl);
    const restored = await makeApp({ dataDir: restoredDir, ...(restoredUrl && { databaseUrl: restoredUrl }) });
    const db = restored.app.db;
    expect(await db.selectFrom('users').select(['id', 'email', 'role_id']).orderBy('id').execute()).toEqual(usersBefore);
    // Sessions: the cookies signed before the backup are valid on the restored server.
    for (const session of [admin, user]) {
      const me = await call(restored.app, { method: 'GET', url: '/api/v1/users/me', headers: session.headers });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(session.user.email);
    }
    const jobsAfter = await db.selectFrom('jobs').select(['id', 'kind', 'status', 'message', 'result']).orderBy('id').execute();
    expect(jobsAfter.slice(0, jobsBefore.length)).toEqual(jobsBefore);
    const recordsAfter = await db.selectFrom('verification_records').selectAll().orderBy('date').orderBy('model_id').orderBy('run').orderBy('lead_hours').execute();
    expect(recordsAfter.slice(0, recordsBefore.length)).toEqual(expect.arrayContaining(recordsBefore));
    expect(recordsAfter.length).toBeGreaterThanOrEqual(recordsBefore.length);

    // Every file the restored index lists: served with the original's ETag and bytes.
    const files = await db.selectFrom('forecast_files').select(['kind', 'owner', 'date', 'etag']).execute();
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const url = file.kind === 'analysis' ? `/api/v1/analysis/hist?date=${file.date}` : `/api/v1/${file.kind}/hist?date=${file.date}&model_id=${file.owner}`;
      if (file.kind === 'analysis' && file.owner !== 'demo_analysis') continue;
      const [there, here] = await Promise.all([app.inject({ method: 'GET', url, headers: admin.headers }), restored.app.inject({ method: 'GET', url, headers: admin.headers })]);
      expect(here.statusCode, url).toBe(200);
      expect(here.headers.etag, url).toBe(there.headers.etag);
      expect(here.headers.etag).toBe(file.etag);
      expect(here.rawPayload.equals(there.rawPayload), url).toBe(true);
      expect(here.headers['last-modified']).toBe(there.headers['last-modified']);
    }
  }, 600_000);
});
