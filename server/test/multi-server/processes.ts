/**
 * Real server and worker processes for the multi-process tests and the scale bench: server/src/server.ts and
 * server/src/job-worker.ts run by Node with tsx's loader (`node --import tsx`), as child processes on loopback, each
 * with its own environment; wait until they are ready, stop them with SIGTERM or kill them with SIGKILL. Output is
 * kept to explain a failure.
 *
 * Not through the `tsx` command: it runs the program in a second process and relays signals, and when that
 * process does not acknowledge a SIGTERM within 30 ms (a busy event loop on a loaded machine) tsx kills it with
 * SIGKILL and exits 143, so a clean stop could not be told from a kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../postgres/postgres-server.ts';

export const repoRoot = join(import.meta.dirname, '../../..');

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then wait for the exit (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | string>;
  /** SIGKILL: no clean-up of any kind, as when a machine loses power. */
  kill9(): Promise<number | string>;
}

export interface ApiServer extends Proc {
  /** `http://127.0.0.1:PORT` */
  url: string;
}

function spawnTsx(name: string, entry: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
    cwd: repoRoot,
    // CYCLE_REGIONS: a cycle's day of the whole Arctic costs ~10 s of one core; only the tests of it name that region.
    // SUBSET_WARM: the warmer makes brotli 11 copies of the demo's first-visit files and of every file a job writes,
    // about 45 s of one core per file, in the background of tests that never ask for a subset; its own tests are
    // server/test/subsets/. A process that needs it says SUBSET_WARM=1.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CYCLE_REGIONS: 'sector', SUBSET_WARM: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const proc: Proc = {
    name,
    child,
    output: () => output,
    exited,
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
  return proc;
}

/** Wait until `ready()` holds, failing early (with the output) if the process exits. */
async function waitFor(proc: Proc, what: string, ready: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited before ${what}:\n${proc.output()}`);
    }
    if (await Promise.resolve().then(ready).catch(() => false)) return;
    if (Date.now() > deadline) {
      await proc.kill9();
      throw new Error(`${proc.name} not ${what} after ${timeoutMs} ms:\n${proc.output()}`);
    }
    await sleep(200);
  }
}

/** Spawn an API server on a free loopback port without waiting for it (a test that watches it start). */
export async function launchApiServer(name: string, env: Record<string, string>): Promise<ApiServer> {
  const port = await freePort();
  const proc = spawnTsx(name, 'server/src/server.ts', { HOST: '127.0.0.1', PORT: String(port), ...env });
  return { ...proc, url: `http://127.0.0.1:${port}` };
}

/** Wait until the server's GET /api/v1/health says ok (startup tasks done). */
export async function waitUntilHealthy(server: ApiServer, timeoutMs = 120_000): Promise<void> {
  await waitFor(
    server,
    'healthy',
    async () => {
      const reply = await fetch(`${server.url}/api/v1/health`);
      return reply.ok && ((await reply.json()) as { status?: string }).status === 'ok';
    },
    timeoutMs,
  );
}

/** Start an API server on a free loopback port and wait until GET /api/v1/health says ok (startup tasks done). */
export async function startApiServer(name: string, env: Record<string, string>, timeoutMs = 120_000): Promise<ApiServer> {
  const server = await launchApiServer(name, env);
  await waitUntilHealthy(server, timeoutMs);
  return server;
}

/** Spawn `npm run worker`'s entry without waiting for it. */
export function launchWorker(name: string, env: Record<string, string>): Proc {
  return spawnTsx(name, 'server/src/job-worker.ts', env);
}

/** Wait until a worker has said it takes jobs. */
export async function waitUntilTakingJobs(proc: Proc, timeoutMs = 60_000): Promise<void> {
  await waitFor(proc, 'taking jobs', () => proc.output().includes('worker started'), timeoutMs);
}

/** Start `npm run worker`'s entry and wait until it has said it takes jobs. */
export async function startWorker(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<Proc> {
  const proc = launchWorker(name, env);
  await waitUntilTakingJobs(proc, timeoutMs);
  return proc;
}
