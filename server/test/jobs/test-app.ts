/**
 * A real app on a temporary DATA_DIR in demo mode (the three demo accounts), and sign-in helpers that
 * return the headers a browser would send: session cookie, XSRF cookie and header.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { startQueueWorker } from '../../src/jobs/queue/start-worker.ts';

export type DemoRole = 'admin' | 'superuser' | 'user';
const emails: Record<DemoRole, string> = {
  admin: 'admin@demo.local',
  superuser: 'super@demo.local',
  user: 'test@demo.local',
};

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Headers of a signed-in session of that demo account. */
  signIn(role: DemoRole): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * With DATABASE_URL (and no JOB_RUNNER=in-process) the app only enqueues jobs: a queue worker runs beside it in
 * this process, as `npm run worker` would in its own, so a submitted job runs through the durable queue.
 */
export async function startTestApp(env: Record<string, string> = {}, dataDir?: string): Promise<TestApp> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'ice-jobs-test-'));
  // CYCLE_REGIONS: a cycle's day of the whole Arctic costs ~10 s of one core; only the tests of it name that region.
  const config = loadConfig({ DATA_DIR: dir, DEMO: '1', LOG_LEVEL: 'silent', DEMO_DAYS: '2', CYCLE_REGIONS: 'sector', ...env });
  const app = await buildApp(config);
  const worker = config.databaseUrl && config.jobRunner !== 'in-process' ? await startQueueWorker(config, app.log) : null;
  return {
    app,
    dataDir: dir,
    async signIn(role) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/jwt/login',
        payload: `username=${encodeURIComponent(emails[role])}&password=demo`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (reply.statusCode >= 300) throw new Error(`sign-in as ${role} failed: ${reply.statusCode} ${reply.body}`);
      const cookies = Object.fromEntries(reply.cookies.map((cookie) => [cookie.name, cookie.value]));
      return {
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        'x-xsrf-token': cookies['XSRF-TOKEN'],
      };
    },
    async close() {
      await worker?.close();
      await app.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** inject() and parse the JSON body (typed loosely: tests look into replies of many shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call(app: FastifyInstance, options: InjectOptions): Promise<{ status: number; body: any }> {
  const reply = await app.inject(options);
  return { status: reply.statusCode, body: reply.body ? JSON.parse(reply.body) : null };
}

/** Poll GET /jobs/{id} until the job has finished; returns it. */
export async function waitForJob(app: FastifyInstance, headers: Record<string, string>, id: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(app, { method: 'GET', url: `/api/v1/jobs/${id}`, headers });
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
