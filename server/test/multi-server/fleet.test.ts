/**
 * The fleet drill: three API servers and two queue workers (`npm run worker`) spawned in the same tick on an empty
 * PostgreSQL database and an empty shared DATA_DIR, in demo mode, as an operator following the README's 'Running
 * several servers' starts them. All come up; the database holds each seed row once; the demo archive is built
 * once (one process writes each forecast file and computes each model's metrics, the others wait and find them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../src/db/postgres-migrations.ts';
import { createTestDatabase } from '../postgres/databases.ts';
import { freePort } from '../postgres/postgres-server.ts';
import { startApiServer, startWorker, type ApiServer, type Proc } from './processes.ts';
import { SessionClient, waitForJob } from './session-client.ts';

const API_SERVERS = 3;
const WORKERS = 2;
/** The goal: every server healthy within this long after the archive is built (ms). */
const HEALTHY_AFTER_BUILD_MS = 60_000;

let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let client: pg.Client;
const servers: Array<ApiServer & { healthyAt: number }> = [];
const workers: Array<Proc & { metricsUrl: string }> = [];
let startFailures: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'ice-fleet-'));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_DAYS: '1',
    CYCLE_BACKFILL_DAYS: '0',
    LOG_LEVEL: 'info',
    DIST_DIR: join(dataDir, 'no-dist'),
  };
  // Spawned in the same tick: all five reach the empty database within the same second.
  const started = await Promise.allSettled([
    ...Array.from({ length: API_SERVERS }, (_, k) =>
      startApiServer(`api-${k}`, env, 300_000).then((server) => servers.push({ ...server, healthyAt: Date.now() })),
    ),
    ...Array.from({ length: WORKERS }, async (_, k) => {
      // Each worker serves its own /metrics (the jobs it ran) on a port of its own.
      const port = await freePort();
      const worker = await startWorker(`worker-${k}`, { ...env, METRICS_PORT: String(port) }, 120_000);
      workers.push({ ...worker, metricsUrl: `http://127.0.0.1:${port}/metrics` });
    }),
  ]);
  startFailures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 420_000);

afterAll(async () => {
  await client?.end();
  await Promise.all([...servers, ...workers].map((proc) => proc.stop(10_000)));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function rows(query: string): Promise<unknown[]> {
  return (await client.query(query)).rows;
}

/** The pino lines of every process with this message. */
function logLines(message: string): Array<Record<string, unknown>> {
  return [...servers, ...workers].flatMap((proc) =>
    proc
      .output()
      .split('\n')
      .filter((line) => line.includes(`"msg":"${message}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

describe(`${API_SERVERS} API servers and ${WORKERS} workers started together on an empty PostgreSQL`, () => {
  it('all come up, every server within a minute of the first (the one that built the archive)', () => {
    expect(startFailures).toEqual([]);
    expect(servers).toHaveLength(API_SERVERS);
    expect(workers).toHaveLength(WORKERS);
    const times = servers.map((server) => server.healthyAt);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(HEALTHY_AFTER_BUILD_MS);
  });

  it('the database holds each seed row once', async () => {
    expect(await rows('SELECT count(*)::int AS n FROM schema_migrations')).toEqual([{ n: postgresMigrations.length }]);
    expect(await rows('SELECT model_id, is_default FROM models ORDER BY model_id')).toEqual([
      { model_id: 'model_1', is_default: 0 },
      { model_id: 'model_2', is_default: 1 },
      { model_id: 'model_3', is_default: 0 },
    ]);
    expect(await rows('SELECT dataset_id FROM datasets')).toEqual([{ dataset_id: 'demo_analysis' }]);
    expect(await rows('SELECT email FROM users ORDER BY email')).toEqual([
      { email: 'admin@demo.local' },
      { email: 'super@demo.local' },
      { email: 'test@demo.local' },
    ]);
    expect(await rows("SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'ice-jobs'")).toEqual([{ n: 1 }]);
  });

  it('the demo archive was built once: each forecast file written by one process, each model scored once', async () => {
    const files = (await rows("SELECT kind, owner, date FROM forecast_files WHERE kind IN ('forecast', 'assim_forecast')")) as Array<{ kind: string; owner: string; date: string }>;
    expect(files.map((file) => `${file.kind}/${file.owner}`).sort()).toEqual(['assim_forecast/model_2', 'forecast/model_2']);
    const written = logLines('forecast file written').map((line) => `${String(line.kind)}/${String(line.model)}/${String(line.date)}`);
    expect(written.sort()).toEqual(files.map((file) => `${file.kind}/${file.owner}/${file.date}`).sort());
    const recomputed = logLines('model metrics up to date').flatMap((line) => line.recomputed as string[]);
    expect(recomputed.sort()).toEqual(['model_1', 'model_2', 'model_3']);
    expect(logLines('demo forecast archive ready')).toHaveLength(API_SERVERS);
  });

  it('a demo account signed in on one server is known on every server', async () => {
    const browser = new SessionClient();
    await browser.signIn(servers[0].url, 'admin@demo.local');
    for (const server of servers) expect((await browser.get(server.url, '/api/v1/users/me')).body.email).toBe('admin@demo.local');
  });

  it("a job run by a worker is counted in that worker's /metrics; the servers' /metrics show the replies and the queue", async () => {
    const admin = new SessionClient();
    await admin.signIn(servers[1].url, 'admin@demo.local');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const started = await admin.post(servers[1].url, '/api/v1/forecast/generate', { date: yesterday, model_ids: ['model_1'] });
    expect(started.status).toBe(202);
    expect((await waitForJob(admin, servers[2].url, started.body.job_id as number, undefined, 180_000)).status).toBe('succeeded');

    const labels = /^ice_jobs_finished_total\{kind="generate_forecast",outcome="succeeded"\} (\d+)$/m;
    let ran = 0;
    for (const worker of workers) {
      const page = await fetch(worker.metricsUrl);
      expect(page.status).toBe(200);
      ran += Number(labels.exec(await page.text())?.[1]);
      expect((await fetch(worker.metricsUrl, { headers: { 'x-forwarded-for': '198.51.100.9' } })).status).toBe(404);
    }
    expect(ran).toBe(1);

    const page = await (await fetch(`${servers[1].url}/metrics`)).text();
    expect(page).toMatch(/^http_requests_total\{method="POST",route="\/api\/v1\/forecast\/generate",status="202"\} 1$/m);
    expect(page).toMatch(/^ice_job_queue_depth 0$/m);
    expect(page).toMatch(/^ice_database_up 1$/m);
  }, 240_000);
});
