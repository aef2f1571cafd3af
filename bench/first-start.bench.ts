/**
 * A first `npm start` on an empty DATA_DIR, as the README's two commands give it (demo data, the default 7 sector
 * days and 1 whole-Arctic day), against the sector alone (`DEMO_ARCTIC_DAYS=0`) as its peer in the same run:
 *  - the `vite build` that `npm start` runs first (once, timed; `BUILD=0` skips it);
 *  - ready: from the server's spawn until `GET /api/v1/health` answers 200 (the demo build done), with DATA_DIR's
 *    bytes then;
 *  - idle: until the server's CPU time has grown less than 0.3 s in 30 s (the subset warmer done: it logs nothing),
 *    with DATA_DIR's bytes then, by kind: the files, their whole `.gz`/`.br` copies, the subsets, the database.
 * Nobody signs in meanwhile, so what is made is what the start makes by itself.
 *
 *   npm run -s bench:first-start        (RUNS=1 by default; IDLE_CAP_S=1500, the longest wait for idle)
 *
 * Bytes as `du -sb` counts them (apparent sizes, 1 MB = 10⁶ bytes). Each start's DATA_DIR is removed afterwards
 * (`KEEP=1` keeps them in bench/out/).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { spread } from './spread.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 1);
const IDLE_CAP_S = Number(process.env.IDLE_CAP_S ?? 1500);
/** Idle: less CPU than this (s) over the window, which is this long (s). */
const IDLE_CPU_S = 0.3;
const IDLE_WINDOW_S = 30;
const PORT = 18_500 + (process.pid % 400);

interface Start {
  readyS: number;
  readyBytes: number;
  idleS: number | null;
  idleBytes: number;
  kinds: Record<string, number>;
}

/** Bytes under `dir` by kind: forecast files, their whole copies, subsets (`.parts/`), the rest (database, secret). */
function bytesByKind(dir: string): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(join(dir, name), { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const kind = name.includes('.parts/')
      ? 'subsets'
      : !name.startsWith('forecast-data/')
        ? 'database and the rest'
        : /\.nc$/.test(name)
          ? 'files'
          : 'whole files’ .gz/.br';
    kinds[kind] = (kinds[kind] ?? 0) + stat.size;
  }
  return kinds;
}

const total = (kinds: Record<string, number>) => Object.values(kinds).reduce((a, b) => a + b, 0);
/** user + system CPU of a process, s (Linux /proc, 100 ticks a second). */
const cpuS = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)).status === 200;
  } catch {
    return false;
  }
}

async function firstStart(label: string, arcticDays: number): Promise<Start> {
  const dataDir = join(ROOT, 'bench', 'out', `first-start-${label}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), DEMO: '1', DEMO_ARCTIC_DAYS: String(arcticDays), LOG_LEVEL: 'warn' };
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    while (!(await healthy())) {
      if (server.exitCode !== null) throw new Error(`${label}: the server exited with ${server.exitCode}`);
      await sleep(250);
    }
    const readyS = (performance.now() - started) / 1000;
    const readyBytes = total(bytesByKind(dataDir));
    // Idle: CPU sampled each second; the window's growth under IDLE_CPU_S.
    const samples: number[] = [];
    let idleS: number | null = null;
    while ((performance.now() - started) / 1000 < IDLE_CAP_S) {
      samples.push(cpuS(server.pid!));
      if (samples.length > IDLE_WINDOW_S && samples.at(-1)! - samples.at(-1 - IDLE_WINDOW_S)! < IDLE_CPU_S) {
        idleS = (performance.now() - started) / 1000 - IDLE_WINDOW_S;
        break;
      }
      await sleep(1000);
    }
    const kinds = bytesByKind(dataDir);
    return { readyS, readyBytes, idleS, idleBytes: total(kinds), kinds };
  } finally {
    server.kill('SIGTERM');
    await exited;
    if (process.env.KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const loads: string[] = [];
const load = () => loads.push(loadavg()[0].toFixed(1));

load();
if (process.env.BUILD !== '0') {
  const built = performance.now();
  const vite = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (vite.status !== 0) throw new Error('vite build failed');
  console.log(`vite build: ${((performance.now() - built) / 1000).toFixed(1)} s`);
}
if (!existsSync(join(ROOT, 'dist', 'index.html'))) console.log('(no dist/: the server starts without the app, as the bench needs)');
const results: Record<string, Start[]> = { 'both regions (DEMO_ARCTIC_DAYS=1)': [], 'peer: the sector alone (DEMO_ARCTIC_DAYS=0)': [] };
for (let run = 0; run < RUNS; run++) {
  for (const [index, label] of Object.keys(results).entries()) {
    load();
    const start = await firstStart(`${run}-${index}`, index === 0 ? 1 : 0);
    results[label].push(start);
    const kinds = Object.entries(start.kinds).map(([kind, bytes]) => `${kind} ${mb(bytes)}`).join(', ');
    console.log(
      `${label}, run ${run + 1}: ready ${start.readyS.toFixed(1)} s, ${mb(start.readyBytes)} MB; idle ${start.idleS === null ? `not within ${IDLE_CAP_S} s` : `${start.idleS.toFixed(0)} s`}, ${mb(start.idleBytes)} MB (${kinds})`,
    );
  }
}
load();
console.log(`\nRUNS=${RUNS}, 1-min load average at the start of each step: ${loads.join(', ')}. Median (min–max).`);
console.log('| start | ready, s | MB at ready | idle, s | MB at idle |\n|---|---|---|---|---|');
const cell = (values: number[], digits: number) => {
  if (values.length === 0) return '–';
  const s = spread(values);
  return s.n === 1 ? s.median.toFixed(digits) : `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
};
for (const [label, starts] of Object.entries(results)) {
  const idle = starts.flatMap((s) => (s.idleS === null ? [] : [s.idleS]));
  console.log(
    `| ${label} | ${cell(starts.map((s) => s.readyS), 1)} | ${cell(starts.map((s) => s.readyBytes / 1e6), 1)} | ${cell(idle, 0)} | ${cell(starts.map((s) => s.idleBytes / 1e6), 1)} |`,
  );
}
