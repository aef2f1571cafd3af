/**
 * bench:icecharts (client half): the AARI chart (342 polygons, as the import builds it) drawn in headless Chromium the
 * way the map page draws it (the chart worker fetches, parses and prepares it; `chartLayers` draws it)
 * against deck.gl's stock GeoJsonLayer given the same body and colours (`pages/icechart-page.ts`), alternating in
 * one run:
 *  - first frame: from the request for the body (served by the bench's route, no network) to the chart on screen
 *    (fetch, parse, prepare, tessellate, draw) — the part of 'chart drawn after the toggle' (goal ≤ 1 s on
 *    loopback) that is the client's — and of it the main thread's share (from the body, or ours' prepared chart, in hand);
 *  - a frame of the chart shown (mean of FRAMES back-to-back frames);
 *  - a switch of colour code (Сплочённость → Возраст льда): colours only, geometry kept;
 *  - the polygon under a click (the lookup before the egg code is drawn; goal ≤ 100 ms for click to egg): ours on the
 *    CPU, the peer by deck.gl's GPU picking (`pickObjectAsync`), mean of PICKS points.
 * Median and spread (min–max) of RUNS runs, the ratio ours / peer, and the load average (the machine is shared).
 * Run: npx tsx bench/icecharts-client.bench.ts (RUNS=… to change runs); `npm run bench:icecharts` runs both halves.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildChart, inspectChart } from '../server/src/icecharts/build-chart.ts';
import { AARI } from '../server/test/icecharts/fixtures.ts';
import { bundleForBrowser, launchBrowser } from '../tests/e2e/harness.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const OUT = join(import.meta.dirname, 'out');
/** Frames averaged per frame sample. */
const FRAMES = 5;
/** Screen points per pick sample. */
const PICKS = 100;

type Mode = 'ours' | 'peer';
type Api = {
  start(): Promise<void>;
  firstFrame(mode: Mode, code: 'ct' | 'sod'): Promise<{ wall: number; main: number }>;
  frame(): number;
  recolour(mode: Mode, code: 'ct' | 'sod'): number;
  pick(mode: Mode, count: number): Promise<{ ms: number; found: number }>;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (values: number[]) => `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

const call = <T>(page: Page, method: keyof Api, ...args: unknown[]): Promise<T> =>
  page.evaluate(({ m, a }) => (globalThis as unknown as { icechartBench: Record<string, (...x: unknown[]) => unknown> }).icechartBench[m](...a), { m: method, a: args }) as Promise<T>;

async function main(): Promise<void> {
  const built = buildChart(await inspectChart(AARI.bytes(), AARI.name));
  const body = JSON.stringify({ type: 'FeatureCollection', tolerance_km: 0, features: built.features });
  const pageJs = await bundleForBrowser('bench/pages/icechart-page.ts');
  const workerJs = await bundleForBrowser('workers/chart.worker.ts');
  const browser = await launchBrowser();
  const results: Record<string, number[]> = {};
  const found: Record<Mode, number> = { ours: 0, peer: 0 };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const origin = 'http://bench.local';
    await page.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/page.js') return route.fulfill({ body: Buffer.from(pageJs), contentType: 'text/javascript' });
      if (path === '/chart-worker.js') return route.fulfill({ body: Buffer.from(workerJs), contentType: 'text/javascript' });
      if (path === '/chart.json') return route.fulfill({ body, contentType: 'application/json' });
      return route.fulfill({ body: '<!doctype html><title>ice chart bench</title><script type="module" src="/page.js"></script>', contentType: 'text/html' });
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'icechartBench' in globalThis);
    await call(page, 'start');
    // A warm-up of each, so neither pays for shader compilation in its first sample; what each drew, for a person
    // to compare: bench/out/icechart-{ours,peer}.png.
    mkdirSync(OUT, { recursive: true });
    for (const mode of ['ours', 'peer'] as const) {
      await call(page, 'firstFrame', mode, 'ct');
      await page.screenshot({ path: join(OUT, `icechart-${mode}.png`), timeout: 120_000 });
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of ['ours', 'peer'] as const) {
        const first = await call<{ wall: number; main: number }>(page, 'firstFrame', mode, 'ct');
        (results[`${mode} first frame`] ??= []).push(first.wall);
        (results[`${mode} first frame, main thread`] ??= []).push(first.main);
        let total = 0;
        for (let f = 0; f < FRAMES; f += 1) total += await call<number>(page, 'frame');
        (results[`${mode} frame`] ??= []).push(total / FRAMES);
        (results[`${mode} recolour`] ??= []).push(await call<number>(page, 'recolour', mode, 'sod'));
        const picked = await call<{ ms: number; found: number }>(page, 'pick', mode, PICKS);
        (results[`${mode} pick`] ??= []).push(picked.ms);
        found[mode] = picked.found;
      }
    }
    if (errors.length > 0) console.log(`page said: ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
  } finally {
    await browser.close();
  }
  console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}; ${RUNS} runs; chart body ${(body.length / 1024).toFixed(0)} KB, ${built.features.length} features`);
  for (const figure of ['first frame', 'first frame, main thread', 'frame', 'recolour', 'pick']) {
    const ours = results[`ours ${figure}`];
    const peer = results[`peer ${figure}`];
    // A pick that finds nothing measured nothing: no ratio then.
    const compared = figure !== 'pick' || found.peer > 0;
    console.log(`${figure}: ours ${fmt(ours)}, peer GeoJsonLayer ${fmt(peer)}${compared ? `; ours/peer ${(median(ours) / median(peer)).toFixed(2)}` : ' (not compared)'}`);
  }
  console.log(`pick: polygons found under ${PICKS} points: ours ${found.ours}, peer ${found.peer}`);
}

await main();
