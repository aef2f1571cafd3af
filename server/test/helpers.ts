/**
 * What server tests share: an app on a fresh temporary DATA_DIR (closed and deleted when the test ends),
 * accounts created straight through the repository, and sign-in through the real login route.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/password.ts';
import { loadConfig } from '../src/config.ts';
import { createUser, type RoleName, type User } from '../src/db/users.ts';
import { testTarget, type Engine } from './engines.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const tsxCli = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

/** A temporary folder removed when the current test ends. */
export function tempDir(prefix = 'ice-server-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database of the app, null on SQLite (a second app may share it). */
  databaseUrl: string | null;
  /** Everything the app logged (pino JSON lines). */
  logs: () => string;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  dataDir?: string;
  /** The storage engine: SQLite in DATA_DIR (default), or a fresh PostgreSQL database dropped when the test ends. */
  database?: Engine;
  /** Use this PostgreSQL database instead (two apps sharing one database); it is not dropped here. */
  databaseUrl?: string;
}

/**
 * Build the app with DEMO off, logs captured, and no built SPA (DIST_DIR points at a missing folder)
 * unless `env` says otherwise. Closed when the test ends.
 */
export async function makeApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? tempDir();
  // The app migrates its database on open: a PostgreSQL one starts as a copy of the run's migrated template.
  const databaseUrl = options.databaseUrl ?? (options.database ? ((await testTarget(options.database, dataDir, 'migrated')).databaseUrl ?? null) : null);
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'info',
    // Warming a file's subsets costs ~45 s of one core in the background: only the tests of it turn it on.
    SUBSET_WARM: '0',
    // A cycle's day of the whole Arctic costs ~10 s of one core and 210 MB: only the tests of it name that region.
    CYCLE_REGIONS: 'sector',
    DIST_DIR: join(dataDir, 'no-dist'),
    ...options.env,
  });
  let logs = '';
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const app = await buildApp(config, { logStream });
  onTestFinished(() => app.close());
  return { app, dataDir, databaseUrl, logs: () => logs };
}

const hashes = new Map<string, Promise<string>>();
/** scrypt is slow on purpose; tests reuse one hash per password. */
function cachedHash(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

export const PASSWORD = 'correct horse';

export async function addUser(
  app: FastifyInstance,
  role: RoleName = 'user',
  email = `${role}-${Math.random().toString(36).slice(2)}@example.com`,
  password = PASSWORD,
): Promise<User> {
  return createUser(app.db, { email, username: email.split('@')[0], passwordHash: await cachedHash(password), role });
}

/** POST the sign-in form; `from`: more request headers (a cookie, a proxy's, a browser's) and the client address. */
export function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  from: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/jwt/login',
    remoteAddress: from.remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from.headers },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
}

export interface Session {
  session: string;
  xsrf: string;
  /** Cookie header carrying both cookies. */
  cookie: string;
  /** Headers for a state-changing request: cookies plus X-XSRF-TOKEN. */
  headers: Record<string, string>;
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const found = (response.cookies as Array<{ name: string; value: string }>).find((c) => c.name === name);
  return found?.value;
}

/** Sign in and return the cookies; fails the test if login does not answer 204. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const response = await login(app, email, password);
  if (response.statusCode !== 204) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = cookieValue(response, 'session')!;
  const xsrf = cookieValue(response, 'XSRF-TOKEN')!;
  const cookie = `session=${session}; XSRF-TOKEN=${xsrf}`;
  return { session, xsrf, cookie, headers: { cookie, 'x-xsrf-token': xsrf } };
}

/** A user of `role` signed in. */
export async function signedIn(app: FastifyInstance, role: RoleName = 'user'): Promise<Session & { user: User }> {
  const user = await addUser(app, role);
  return { ...(await signIn(app, user.email)), user };
}
