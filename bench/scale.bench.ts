/**
 * Scaling out (several API servers on one PostgreSQL): requests per second and p99 latency of `GET /users/me`,
 * `GET /forecast/info` and 20 parallel downloads of a forecast file (`GET /forecast/hist`, brotli as a browser
 * asks), through
 * - `sqlite`: the embedded single process (`npm start`'s setup: SQLite, in-process jobs),
 * - `pg ×1`: one API server on PostgreSQL,
 * - `pg ×2 + nginx`: two API servers on the same PostgreSQL and DATA_DIR behind nginx (deploy/nginx.conf, its
 *   ports substituted), skipped with a note when nginx is not installed.
 * All real processes on loopback (`tsx server/src/server.ts`, DEMO=1 with one demo day, LOG_LEVEL=warn), one
 * PostgreSQL 15 started for the run (server/test/postgres/postgres-server.ts). autocannon runs in this process
 * with 20 connections for DURATION s per measurement; rounds alternate the variants so a busy moment of the
 * shared machine hits all of them. The load average is printed with every round.
 *
 *   npm run bench:scale            (BENCH_ROUNDS=3, BENCH_DURATION=8 by default)
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startApiServer, type ApiServer } from '../server/test/multi-server/processes.ts';
import { freePort, startPostgres } from '../server/test/postgres/postgres-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 20;
const here = resolve(import.meta.dirname, '..');
const SECRET = 'bench-scale-secret-0123456789abcdef';

interface Variant {
  name: string;
  /** Where the client talks to (a server, or nginx). */
  url: string;
  cookie: string;
}

interface Endpoint {
  name: string;
  path: (date: string) => string;
  headers?: Record<string, string>;
}

const endpoints: Endpoint[] = [
  { name: '/users/me', path: () => '/api/v1/users/me' },
  { name: '/forecast/info', path: () => '/api/v1/forecast/info' },
  // Brotli, as a browser over https asks: the server sends its copy compressed once on disk (about 1.5 MB).
  { name: '/forecast/hist ×20', path: (date) => `/api/v1/forecast/hist?date=${date}`, headers: { 'accept-encoding': 'br, gzip' } },
];

async function signIn(url: string): Promise<string> {
  const reply = await fetch(`${url}/api/v1/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'test@demo.local', password: 'demo' }),
  });
  if (reply.status !== 204) throw new Error(`sign-in at ${url}: ${reply.status} ${await reply.text()}`);
  return reply.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_DAYS: '1',
    LOG_LEVEL: 'warn',
    SECRET,
    DIST_DIR: join(dataDir, 'no-dist'),
    // As deployed (processes.ts turns the warmer off for the tests).
    SUBSET_WARM: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** nginx with deploy/nginx.conf, listening on a free port and proxying to `upstreams`. */
async function startNginx(upstreams: ApiServer[]): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (spawnSync('nginx', ['-v']).error) return null;
  const prefix = mkdtempSync(join(tmpdir(), 'ice-bench-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const port = await freePort();
  const ports = upstreams.map((server) => new URL(server.url).port);
  const conf = readFileSync(join(here, 'deploy/nginx.conf'), 'utf8')
    .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${port};`)
    .replace('server 127.0.0.1:8081 ', `server 127.0.0.1:${ports[0]} `)
    .replace('server 127.0.0.1:8082 ', `server 127.0.0.1:${ports[1]} `);
  const confPath = join(prefix, 'nginx.conf');
  writeFileSync(confPath, conf);
  const child: ChildProcess = spawn('nginx', ['-c', confPath, '-p', prefix], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false)) break;
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function measure(variant: Variant, endpoint: Endpoint, date: string): Promise<{ rps: number; p99: number; bad: number }> {
  const url = `${variant.url}${endpoint.path(date)}`;
  const headers = { cookie: variant.cookie, ...endpoint.headers };
  const check = await fetch(url, { headers });
  if (check.status !== 200) throw new Error(`${variant.name} ${endpoint.name}: ${check.status}`);
  await check.arrayBuffer();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
  const postgres = await startPostgres();
  const folders: string[] = [];
  const variants: Variant[] = [];
  /** Whatever was started, stopped in reverse order however the run ends. */
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench TEMPLATE template0');
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/bench');
    const folder = (name: string) => {
      const dir = mkdtempSync(join(tmpdir(), `ice-bench-scale-${name}-`));
      folders.push(dir);
      return dir;
    };

    console.log('starting: sqlite single process, then two PostgreSQL servers (demo archive built once per DATA_DIR)');
    const sqlite = await startApiServer('sqlite', serverEnv(folder('sqlite')), 300_000);
    stops.push(() => sqlite.stop());
    variants.push({ name: 'sqlite', url: sqlite.url, cookie: await signIn(sqlite.url) });
    const shared = folder('pg');
    const pgA = await startApiServer('pg-A', serverEnv(shared, databaseUrl), 300_000);
    stops.push(() => pgA.stop());
    const pgB = await startApiServer('pg-B', serverEnv(shared, databaseUrl), 300_000);
    stops.push(() => pgB.stop());
    variants.push({ name: 'pg ×1', url: pgA.url, cookie: await signIn(pgA.url) });
    const nginx = await startNginx([pgA, pgB]);
    if (nginx) {
      stops.push(() => nginx.stop());
      variants.push({ name: 'pg ×2 + nginx', url: nginx.url, cookie: await signIn(nginx.url) });
    } else {
      console.log('nginx is not installed (apt-get install -y nginx-light): the two-server variant is skipped');
    }

    const info = await fetch(`${sqlite.url}/api/v1/forecast/info`, { headers: { cookie: variants[0].cookie } });
    const date = ((await info.json()) as { available_dates: string[] }).available_dates.at(-1)!;

    const rows: Array<{ variant: string; endpoint: string; rps: number; p99: number; bad: number }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}, load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
      for (const endpoint of endpoints) {
        for (const variant of variants) {
          const result = await measure(variant, endpoint, date);
          rows.push({ variant: variant.name, endpoint: endpoint.name, ...result });
          console.log(`  ${endpoint.name.padEnd(20)} ${variant.name.padEnd(14)} ${Math.round(result.rps)} req/s, p99 ${result.p99} ms${result.bad ? `, ${result.bad} bad` : ''}`);
        }
      }
    }
    console.log(`\nmedian over ${ROUNDS} rounds (min–max), ${CONNECTIONS} connections, ${DURATION_S} s each; load average now ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
    console.log('| endpoint | variant | req/s | p99 ms | req/s ÷ sqlite |');
    console.log('|---|---|---|---|---|');
    for (const endpoint of endpoints) {
      const baseline = median(rows.filter((r) => r.endpoint === endpoint.name && r.variant === 'sqlite').map((r) => r.rps));
      for (const variant of variants) {
        const mine = rows.filter((r) => r.endpoint === endpoint.name && r.variant === variant.name);
        const rps = mine.map((r) => r.rps);
        const p99 = mine.map((r) => r.p99);
        console.log(
          `| ${endpoint.name} | ${variant.name} | ${Math.round(median(rps))} (${Math.round(Math.min(...rps))}–${Math.round(Math.max(...rps))}) | ` +
            `${median(p99)} (${Math.min(...p99)}–${Math.max(...p99)}) | ${(median(rps) / baseline).toFixed(2)} |`,
        );
      }
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    postgres.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
