/**
 * npm run bench:decode — decoding a 30 MB forecast file (4 float32 variables × 3 leads × 480 × 1301, NaN land),
 * NetCDF-3 and NetCDF-4 gzip, in Node and in a Chromium module worker: our decoder vs netcdfjs (converted to
 * Float32Array, as the app needs) vs a bare copy + byte swap (the floor), and NetCDF-4 ours vs h5wasm's raw read.
 * Prints median and spread of repeated runs and the ratios; results also go to bench/out/decode-results.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleForBrowser, launchBrowser } from '../tests/e2e/harness.ts';
import { runDecodeCases, summarize, type CaseResult, type Summary } from './decode-cases.ts';
import { resultsFromPageWorker } from './page-worker.ts';

const OUT = resolve(import.meta.dirname, 'out');
const NC3 = join(OUT, 'decode-forecast.nc');
const NC4 = join(OUT, 'decode-forecast.nc4');
const RUNS = Number(process.env.BENCH_RUNS ?? 9); // timed runs per case
const WARMUP = 2; // untimed runs first (JIT, h5wasm start-up)
const RESPONSIVENESS_ROUNDS = 3; // page-blocking check: loads of the whole file per mode

function ensureFiles(): void {
  if (existsSync(NC3) && existsSync(NC4)) return;
  const made = spawnSync('/usr/bin/python3', [join(import.meta.dirname, 'make-bench-files.py')], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('bench/make-bench-files.py failed (needs python3-netcdf4)');
}

interface Responsiveness {
  totalMs: number;
  frames: number;
  longestFrameGapMs: number;
}

async function inChromium(): Promise<{ results: CaseResult[]; version: string; responsiveness: Record<string, Responsiveness[]> }> {
  const [workerJs, pageJs, decodeWorkerJs] = await Promise.all([
    bundleForBrowser('bench/decode-bench-worker.ts'),
    bundleForBrowser('bench/decode-responsiveness-page.ts'),
    bundleForBrowser('workers/forecast.worker.ts'),
  ]);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const origin = 'http://bench.local';
    const nc3 = readFileSync(NC3);
    await page.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      const js = (body: Uint8Array) => route.fulfill({ body: Buffer.from(body), contentType: 'text/javascript' });
      if (path === '/worker.js') return js(workerJs);
      if (path === '/page.js') return js(pageJs);
      if (path === '/forecast.worker.ts') return js(decodeWorkerJs); // the client's new URL('./forecast.worker.ts')
      if (path === '/f.nc') return route.fulfill({ body: nc3, contentType: 'application/x-netcdf' });
      if (path === '/f.nc4') return route.fulfill({ body: readFileSync(NC4), contentType: 'application/x-netcdf' });
      return route.fulfill({
        body: '<!doctype html><title>decode bench</title><script type="module" src="/page.js"></script>',
        contentType: 'text/html',
      });
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'decodeResponsiveness' in globalThis);
    type Api = { decodeResponsiveness: Record<'worker' | 'mainThread', (url: string) => Promise<Responsiveness>> };
    const responsiveness: Record<string, Responsiveness[]> = {};
    for (let round = 0; round < RESPONSIVENESS_ROUNDS; round++) {
      for (const url of ['/f.nc', '/f.nc4']) {
        for (const mode of ['worker', 'mainThread'] as const) {
          const label = `${url === '/f.nc' ? 'NetCDF-3' : 'NetCDF-4'} ${mode === 'worker' ? 'in the worker' : 'on the main thread'}`;
          (responsiveness[label] ??= []).push(
            await page.evaluate(({ m, u }) => (globalThis as unknown as Api).decodeResponsiveness[m](u), { m: mode, u: url }),
          );
        }
      }
    }
    const results = await resultsFromPageWorker<CaseResult>(page, { nc3Url: '/f.nc', nc4Url: '/f.nc4', runs: RUNS, warmup: WARMUP });
    return { results, version: browser.version(), responsiveness };
  } finally {
    await browser.close();
  }
}

function table(title: string, results: CaseResult[]): Summary[] {
  const rows = results.map(summarize);
  console.log(`\n${title} (${RUNS} runs after ${WARMUP} warm-up; ms)`);
  console.log('case'.padEnd(52) + 'median'.padStart(9) + '   q1–q3'.padEnd(18) + 'min–max');
  for (const r of rows) {
    console.log(
      r.name.padEnd(52) +
        r.median.toFixed(1).padStart(9) +
        `   ${r.q1.toFixed(1)}–${r.q3.toFixed(1)}`.padEnd(18) +
        `${r.min.toFixed(1)}–${r.max.toFixed(1)}`,
    );
  }
  const by = (prefix: string): number => rows.find((r) => r.name.startsWith(prefix))!.median;
  const ours3 = by('NetCDF-3 ours: open + 4');
  const ratios = {
    netcdfjsOverOurs: by('NetCDF-3 netcdfjs') / ours3,
    oursOverFloor: ours3 / by('NetCDF-3 floor'),
    nc4OursOverH5wasm: by('NetCDF-4 ours') / by('NetCDF-4 h5wasm raw'),
  };
  console.log(
    `ratios: netcdfjs / ours = ${ratios.netcdfjsOverOurs.toFixed(1)}× (goal ≥ 4), ` +
      `ours / floor = ${ratios.oursOverFloor.toFixed(2)} (goal ≤ 1.5), ` +
      `NetCDF-4 ours / h5wasm raw = ${ratios.nc4OursOverH5wasm.toFixed(2)} (goal ≤ 2)`,
  );
  return rows;
}

async function main(): Promise<void> {
  ensureFiles();
  const nc3 = new Uint8Array(readFileSync(NC3));
  const nc4 = new Uint8Array(readFileSync(NC4));
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  // Other work on the machine moves every figure: print the load so a reader can judge the spread.
  console.log(`decode benchmark: ${nc3.length} bytes NetCDF-3, ${nc4.length} bytes NetCDF-4 gzip; ${machine}; load average ${loadavg()[0].toFixed(1)}`);
  const node = table('Node', await runDecodeCases({ nc3, nc4, runs: RUNS, warmup: WARMUP }));
  const chromium = await inChromium();
  console.log(`\nload average now ${loadavg()[0].toFixed(1)}`);
  const worker = table(`Chromium ${chromium.version} module worker`, chromium.results);
  console.log('\nPage responsiveness: load + decode 3 leads × 4 variables + drift while a rAF loop runs (Chromium, ms per round):');
  for (const [mode, runs] of Object.entries(chromium.responsiveness)) {
    const gaps = runs.map((r) => r.longestFrameGapMs.toFixed(0)).join(', ');
    const totals = runs.map((r) => r.totalMs.toFixed(0)).join(', ');
    console.log(`  ${mode.padEnd(30)} longest frame gap: ${gaps.padEnd(16)} total: ${totals}`);
  }
  writeFileSync(
    join(OUT, 'decode-results.json'),
    JSON.stringify({ machine, chromium: chromium.version, node, worker, responsiveness: chromium.responsiveness }, null, 2),
  );
}

await main();
