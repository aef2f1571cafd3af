/**
 * npm run bench:regrid (BENCH_NODE_ONLY=1 skips Chromium) — regridding onto the forecast grid (480 × 1301): the real EASE2 432 × 432 OSI SAF file and
 * a ~1 M-cell curvilinear grid, first file (mapping built) and later files (mapping cached), in Node and in a
 * Chromium module worker. Goals: EASE2 < 300 ms, curvilinear < 1 s. Prints median and spread of repeated runs.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { bundleForBrowser, launchBrowser } from '../tests/e2e/harness.ts';
import { summarize } from './decode-cases.ts';
import { resultsFromPageWorker } from './page-worker.ts';
import { runRegridCases } from './regrid-cases.ts';
import type { CaseResult } from './regrid-timing.ts';

const EASE2 = join(import.meta.dirname, '../../shared/fixtures/netcdf/arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WARMUP = 2; // JIT, h5wasm start-up

function table(title: string, results: CaseResult[]): void {
  console.log(`\n${title} (${RUNS} runs after ${WARMUP} warm-up; ms)`);
  console.log('case'.padEnd(60) + 'median'.padStart(9) + '   q1–q3'.padEnd(18) + 'min–max');
  for (const r of results.map(summarize)) {
    console.log(
      r.name.padEnd(60) + r.median.toFixed(1).padStart(9) + `   ${r.q1.toFixed(1)}–${r.q3.toFixed(1)}`.padEnd(18) + `${r.min.toFixed(1)}–${r.max.toFixed(1)}`,
    );
  }
}

async function inChromium(ease2: Buffer): Promise<CaseResult[]> {
  const bundled = await bundleForBrowser('bench/regrid-bench-worker.ts');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const origin = 'http://bench.local';
    await page.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/worker.js') return route.fulfill({ body: Buffer.from(bundled), contentType: 'text/javascript' });
      if (path === '/ease2.nc') return route.fulfill({ body: ease2, contentType: 'application/x-netcdf' });
      return route.fulfill({ body: '<!doctype html><title>regrid bench</title>', contentType: 'text/html' });
    });
    await page.goto(`${origin}/`);
    return await resultsFromPageWorker<CaseResult>(page, { url: '/ease2.nc', runs: RUNS, warmup: WARMUP });
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const ease2 = readFileSync(EASE2);
  console.log(`regrid benchmark; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average ${loadavg()[0].toFixed(1)}`);
  table('Node', await runRegridCases({ ease2: new Uint8Array(ease2), runs: RUNS, warmup: WARMUP }));
  if (process.env.BENCH_NODE_ONLY !== '1') table('Chromium module worker', await inChromium(ease2));
  console.log(`\nload average now ${loadavg()[0].toFixed(1)}`);
}

await main();
