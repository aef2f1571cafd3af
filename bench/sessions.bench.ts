/**
 * GET /api/v1/users/me throughput and p99 latency: the per-request session lookup of a peer checkout (before)
 * against this checkout on SQLite and, when PostgreSQL's server binaries are installed, on PostgreSQL
 * (DATABASE_URL), in one run: each variant is the real server (`tsx server/src/server.ts`, DEMO off,
 * LOG_LEVEL=warn so logging does not weigh on either) started from its own checkout, one account created with
 * the CLI and signed in, then autocannon with 20 connections for DURATION_S. Rounds alternate the variants so a
 * busy moment of the shared machine hits each.
 *
 *   npm run bench:sessions -- [BEFORE_DIR]
 * BEFORE_DIR: a checkout of the peer with node_modules (default: a temporary `git worktree` of BENCH_BEFORE,
 * default BEFORE_COMMIT, which this script creates and removes, linking this checkout's node_modules).
 * Peers used so far: 4e2d33d (JWT sessions, before the sessions table), 118b0df (synchronous better-sqlite3,
 * before the Kysely data layer that also speaks PostgreSQL). BENCH_PG=0 leaves PostgreSQL out.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { postgresBinDir, startPostgres, type PostgresServer } from '../server/test/postgres/postgres-server.ts';

/** main before the Kysely data layer: sessions table read by a prepared better-sqlite3 statement. */
const BEFORE_COMMIT = process.env.BENCH_BEFORE ?? '118b0df';
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
/** Alternating rounds per variant (BENCH_ROUNDS); the machine is shared, so more rounds give a steadier median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PASSWORD = 'bench password 123';

const here = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

interface Running {
  url: string;
  cookie: string;
  child: ChildProcess;
  dataDir: string;
}

async function start(root: string, databaseUrl?: string): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ice-bench-sessions-'));
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    USER_PASSWORD: PASSWORD,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const created = spawnSync(process.execPath, [tsx, 'server/src/cli/user.ts', 'create', '--email', 'bench@example.com', '--username', 'bench'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`could not create the account in ${root}: ${created.stderr}`);
  const port = await freePort();
  const child = spawn(process.execPath, [tsx, 'server/src/server.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (i > 300) throw new Error(`server in ${root} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/api/v1/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'bench@example.com', password: PASSWORD }),
  });
  if (login.status !== 204) throw new Error(`sign-in failed in ${root}: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { url, cookie, child, dataDir };
}

let databases = 0;
/** A fresh database in the run's PostgreSQL server, so each round starts from an empty sessions table. */
async function freshDatabase(server: PostgresServer): Promise<string> {
  const name = `bench_${databases++}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measure(root: string, databaseUrl?: string): Promise<{ rps: number; p99: number; non2xx: number }> {
  const server = await start(root, databaseUrl);
  try {
    const check = await fetch(`${server.url}/api/v1/users/me`, { headers: { cookie: server.cookie } });
    if (check.status !== 200) throw new Error(`/users/me answered ${check.status} in ${root}`);
    const result = await autocannon({
      url: `${server.url}/api/v1/users/me`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { cookie: server.cookie },
    });
    return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  let before = process.argv[2] ? resolve(process.argv[2]) : '';
  let cleanup = () => {};
  if (!before) {
    before = mkdtempSync(join(tmpdir(), 'ice-bench-before-'));
    rmSync(before, { recursive: true });
    const added = spawnSync('git', ['worktree', 'add', '--detach', before, BEFORE_COMMIT], { cwd: here, encoding: 'utf8' });
    if (added.status !== 0) throw new Error(added.stderr);
    symlinkSync(join(here, 'node_modules'), join(before, 'node_modules'));
    cleanup = () => spawnSync('git', ['worktree', 'remove', '--force', before], { cwd: here });
  }
  let postgres: PostgresServer | undefined;
  if (process.env.BENCH_PG !== '0') {
    try {
      postgresBinDir();
      postgres = await startPostgres();
    } catch (error) {
      console.log(`PostgreSQL left out: ${(error as Error).message}`);
    }
  }
  const beforeLabel = `before (${BEFORE_COMMIT})`;
  const variants: Array<[string, string, boolean]> = [
    [beforeLabel, before, false],
    ['after (Kysely, SQLite)', here, false],
    ...(postgres ? [['after (Kysely, PostgreSQL)', here, true] as [string, string, boolean]] : []),
  ];
  try {
    const rows: Array<{ variant: string; round: number; rps: number; p99: number; non2xx: number }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [variant, root, onPostgres] of variants) {
        const result = await measure(root, onPostgres ? await freshDatabase(postgres!) : undefined);
        rows.push({ variant, round, ...result });
        console.log(`${variant.padEnd(24)} round ${round}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length / 2;
      return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    const summary = (variant: string) => {
      const mine = rows.filter((row) => row.variant === variant);
      const rps = mine.map((row) => row.rps);
      const p99 = mine.map((row) => row.p99);
      console.log(
        `${variant.padEnd(24)} median ${Math.round(median(rps))} req/s (${Math.round(Math.min(...rps))}–${Math.round(Math.max(...rps))}),` +
          ` p99 median ${median(p99)} ms (${Math.min(...p99)}–${Math.max(...p99)})`,
      );
      return median(rps);
    };
    const base = summary(beforeLabel);
    for (const [variant] of variants.slice(1)) {
      const ratio = summary(variant) / base;
      // Paired: each round's figure against the peer's measured just before it.
      const pairs = rows
        .filter((row) => row.variant === variant)
        .map((row) => row.rps / rows.find((other) => other.round === row.round && other.variant === beforeLabel)!.rps);
      console.log(`${variant} / before median throughput: ${ratio.toFixed(2)}; per-round ratios: ${pairs.map((r) => r.toFixed(2)).join(', ')}`);
    }
  } finally {
    postgres?.stop();
    cleanup();
  }
}

await main();
