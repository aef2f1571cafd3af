/**
 * A throwaway PostgreSQL server for tests and benches: Debian's own binaries (`initdb`, `pg_ctl` of PostgreSQL 15),
 * a cluster in a temporary folder, listening on a free loopback port, with trust authentication for loopback only.
 * PostgreSQL refuses to run as root, so under root the cluster is created and started as the `postgres` user
 * (the Debian package creates it) in a folder that user owns.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** Stop the server (fast shutdown) and delete its folder. */
  stop(): void;
  /** Stop the server (fast shutdown: sessions are cut) and keep its data, as an operator's restart does. */
  halt(): void;
  /** Start it again after `halt()`, on the same port and data; returns once it accepts connections. */
  resume(): void;
}

/** The folder with Debian's server binaries: `PG_BIN` if set, else the newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  for (const version of [17, 16, 15]) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('PostgreSQL server binaries not found: install Debian\'s "postgresql" package or set PG_BIN.');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Run a server binary, as `postgres` when we are root. */
function runPg(bin: string, args: string[], asPostgres: boolean): void {
  if (asPostgres) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

/** Create and start a cluster; resolves once it accepts connections (`pg_ctl -w`). */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const asPostgres = userInfo().uid === 0;
  const root = mkdtempSync(join(tmpdir(), 'ice-pg-'));
  const dataDir = join(root, 'data');
  const socketDir = root;
  if (asPostgres) {
    const { uid, gid } = postgresIds();
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c fsync=off -c max_connections=200`;
  const startArgs = ['-D', dataDir, '-o', options, '-l', join(root, 'log'), '-w', '-t', '60', 'start'];
  try {
    runPg(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C'], asPostgres);
    // fsync off: a test cluster is thrown away, durability across power loss is not what is tested.
    runPg(join(bin, 'pg_ctl'), startArgs, asPostgres);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`);
  }
  let stopped = false;
  let halted = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!halted) runPg(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    halt() {
      runPg(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], asPostgres);
      halted = true;
    },
    resume() {
      runPg(join(bin, 'pg_ctl'), startArgs, asPostgres);
      halted = false;
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}
