/**
 * `npm run bench:switch`: a forecaster's desk on a local network (loopback, no shaping), real Chromium (software
 * WebGL), against a freshly started server whose files have no subset and no compressed copy made yet ("cold").
 * Ours (the shown slice first, then the whole file on a fast link, subsets answered in a quick encoding) against
 * the peer in the same run: the same build and server with the old whole-file path (localStorage 'ice.download'
 * = 'whole'). Both start from the same cold state: before each run the server is stopped, every subset and
 * compressed copy deleted, and the server started again.
 *
 * Each run, in a fresh browser context with a session cookie: open /forecasts (thickness, +24 h), time to the first
 * field drawn (the first view's canvas or the map) and to the map drawn; then, one after another, +48h,
 * sea_ice_fraction_BREMEN, +72h, +24h, usi_vsi, each LOOK_MS (500 ms, a forecaster looking) after the previous
 * one's frame, timed by the page's clock from the click to the map's `data-drawn` naming that field and to the end
 * of the next frame the map renders.
 * Then "warm" (the file seen): a second page in the same context does the same. Median and max of RUNS (default 3).
 * BENCH_TRACE=1: each request of the first cold run of ours, when it started and ended (ms since the page was
 * asked for), to see where the first field's time goes.
 * FIRST_START=1: each run against a server right after its first start instead (a fresh DATA_DIR: the demo day
 * just built, the server still scoring and warming, busy on both cores), the page opened as soon as the date is
 * listed. Each cold visit also records the link decision the sidebar shows (`data-mode`, the rate): loopback should
 * be judged fast however busy the server is.
 * REGION=arctic: the same on the whole Arctic's file (`?region=arctic`; the server builds its demo day too).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, sessionCookies, startServer, type RunningServer } from '../tests/e2e/harness.ts';
import { fieldDrawn } from './field-drawn.ts';
import { linkShown } from './link-shown.ts';

type Mode = 'ours' | 'peer';
const RUNS = Number(process.env.RUNS ?? 3);
/** REGION=arctic: the whole Arctic's file (1792 × 1216 on EPSG:3413) instead of the spec's sector. */
const REGION = process.env.REGION === 'arctic' ? 'arctic' : 'sector';
const SERVER_ENV: Record<string, string> = { DEMO_DAYS: '1', SUBSET_WARM: '1', ...(REGION === 'arctic' ? { DEMO_ARCTIC_DAYS: '1', CYCLE_REGIONS: 'sector,arctic' } : {}) };
const REGION_QUERY = REGION === 'arctic' ? 'region=arctic' : '';
/** A forecaster looks at a field before the next click: the pause after each switch's frame, ms. */
const LOOK_MS = Number(process.env.LOOK_MS ?? 500);
const SWITCHES: Array<[button: string, suffix: string]> = [
  ['+48h', '|sithick_GLORYS|1'],
  ['sea_ice_fraction_BREMEN', '|sea_ice_fraction_BREMEN|1'],
  ['+72h', '|sea_ice_fraction_BREMEN|2'],
  ['+24h', '|sea_ice_fraction_BREMEN|0'],
  ['usi_vsi', '|usi_vsi|0'],
];
const log = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface Visit {
  /** The sidebar's link decision once the field is drawn: 'whole 94 Мбит/с' ('' when none is shown). */
  link: string;
  firstMs: number;
  mapMs: number;
  /** Each switch, from the click to the map's `data-drawn` naming the new field, ms. */
  switchMs: number[];
  /** The same switch to the end of the first frame MapLibre rendered after it (the field on screen), ms. */
  frameMs: number[];
}
interface Sample {
  cold: Visit;
  warm: Visit;
}

/** Remove what a server makes on demand: subsets (`*.nc.parts/`) and compressed copies (`*.nc.br`, `*.nc.gz`). */
function makeCold(dataDir: string): void {
  const root = join(dataDir, 'forecast-data');
  if (!existsSync(root)) return;
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.nc.parts') || name.endsWith('.nc.br') || name.endsWith('.nc.gz')) rmSync(join(root, name), { recursive: true, force: true });
  }
}

/** Wait until the field whose `data-drawn` ends with `suffix` is drawn (field-drawn.ts), checked every frame. */
const drawn = (page: Page, suffix: string, wait: 'first' | 'map') => fieldDrawn(page, suffix, wait, { polling: 'raf', timeoutMs: 120_000 });

/**
 * Click `button` in the page and time, with the page's own clock, the moment the map's `data-drawn` names the new
 * field, and the end of the next frame the map renders (its `render` event, then the next animation frame). The
 * click is the DOM's (not Playwright's, whose actionability checks wait for animation frames of their own).
 */
async function timedClick(page: Page, button: string, suffix: string): Promise<[number, number]> {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  const script = `new Promise((resolve, reject) => {
    const button = ${JSON.stringify(button)}, end = ${JSON.stringify(suffix)};
    const canvas = document.querySelector('[data-testid="forecast-map"]');
    const target = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === button);
    if (!canvas || !target || !window.__forecastMap) return reject(new Error('no map or no button ' + button));
    const timeout = setTimeout(() => reject(new Error('switch to ' + button + ' not drawn in 120 s')), 120000);
    let drawnAt = 0;
    const done = () => { clearTimeout(timeout); observer.disconnect(); requestAnimationFrame(() => resolve([drawnAt - started, performance.now() - started])); };
    const observer = new MutationObserver(() => {
      if (drawnAt || !(canvas.getAttribute('data-drawn') || '').endsWith(end)) return;
      drawnAt = performance.now();
      window.__forecastMap.once('render', done);
      window.__forecastMap.triggerRepaint();
    });
    observer.observe(canvas, { attributes: true, attributeFilter: ['data-drawn'] });
    const started = performance.now();
    target.click();
  })`;
  return (await page.evaluate(script)) as [number, number];
}

async function visit(page: Page, url: string, trace: boolean): Promise<Visit> {
  const t0 = performance.now();
  if (trace) {
    const started = new Map<unknown, number>();
    page.on('request', (r) => started.set(r, performance.now() - t0));
    page.on('requestfinished', (r) => {
      const end = performance.now() - t0;
      void r.sizes().then((sizes) => {
        log(`  ${(started.get(r) ?? 0).toFixed(0).padStart(5)}–${end.toFixed(0).padStart(5)} ms ${(sizes.responseBodySize / 1024).toFixed(1).padStart(7)} KiB ${r.url().replace(/^https?:\/\/[^/]+/, '').slice(0, 100)}`);
      });
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  await drawn(page, '|sithick_GLORYS|0', 'first');
  const firstMs = performance.now() - t0;
  await drawn(page, '|sithick_GLORYS|0', 'map');
  const mapMs = performance.now() - t0;
  if (trace) log(`  first field ${firstMs.toFixed(0)} ms, map ${mapMs.toFixed(0)} ms`);
  const link = await linkShown(page);
  const switchMs: number[] = [];
  const frameMs: number[] = [];
  for (const [button, suffix] of SWITCHES) {
    await page.waitForTimeout(LOOK_MS);
    const [toDrawn, toFrame] = await timedClick(page, button, suffix);
    switchMs.push(toDrawn);
    frameMs.push(toFrame);
  }
  return { link, firstMs, mapMs, switchMs, frameMs };
}

/** A demo server on `dataDir` with its forecast date listed (waits for the first start's archive). */
async function serverWithDate(dataDir: string): Promise<{ server: RunningServer; date: string }> {
  const server = await startServer({ dataDir, env: SERVER_ENV, readyTimeoutMs: 600_000 });
  const cookies = await sessionCookies(server.url);
  const header = { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  let dates: string[] = [];
  for (let i = 0; i < 1200 && dates.length === 0; i++) {
    dates = ((await (await fetch(`${server.url}/api/v1/forecast/info${REGION_QUERY ? `?${REGION_QUERY}` : ''}`, { headers: header })).json()) as { available_dates: string[] }).available_dates;
    if (dates.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, date: dates[dates.length - 1] };
}

async function run(browser: Browser, server: RunningServer, mode: Mode, date: string, trace: boolean): Promise<Sample> {
  const cookies = await sessionCookies(server.url);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url: server.url })));
    if (mode === 'peer') await context.addInitScript(() => localStorage.setItem('ice.download', 'whole'));
    const url = `${server.url}/forecasts?date=${date}&assimilated=false&lead=24&variable=sithick_GLORYS${REGION_QUERY ? `&${REGION_QUERY}` : ''}`;
    const page = await context.newPage();
    page.on('pageerror', (e) => log(`page error: ${e.message}`));
    const cold = await visit(page, url, trace);
    await page.close();
    const again = await context.newPage();
    const warm = await visit(again, url, false);
    await again.close();
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (v: number) => `${v.toFixed(0)}`;
const stat = (values: number[]) => `${ms(median(values))} / ${ms(Math.max(...values))}`;

async function main(): Promise<void> {
  // One demo day, built once; each run then starts the server again on it, cold (or, FIRST_START, a new one).
  const firstStart = process.env.FIRST_START === '1';
  let dataDir = mkdtempSync(join(tmpdir(), 'ice-bench-switch-'));
  let { server, date } = await serverWithDate(dataDir);
  const browser = await launchBrowser(['--host-resolver-rules=MAP gibs.earthdata.nasa.gov ~NOTFOUND']);
  const samples: Record<Mode, Sample[]> = { ours: [], peer: [] };
  const loads: string[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const mode of ['ours', 'peer'] as Mode[]) {
        await server.stop(); // the data folder is ours: it stays
        if (firstStart) {
          rmSync(dataDir, { recursive: true, force: true });
          dataDir = mkdtempSync(join(tmpdir(), 'ice-bench-switch-'));
          ({ server, date } = await serverWithDate(dataDir));
        } else {
          makeCold(dataDir);
          server = await startServer({ dataDir, env: SERVER_ENV, readyTimeoutMs: 600_000 });
        }
        loads.push(loadavg()[0].toFixed(2));
        const sample = await run(browser, server, mode, date, process.env.BENCH_TRACE === '1' && i === 0 && mode === 'ours');
        samples[mode].push(sample);
        log(`${mode} #${i + 1}: ${JSON.stringify(sample, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `RUNS=${RUNS}, region ${REGION}, date ${date}, loopback, ${firstStart ? 'right after a first start (fresh DATA_DIR)' : 'after a restart (subsets and copies deleted)'}, 1-min load average at each run's start: ${loads.join(', ')}. Figures: median / max, ms.`,
  );
  console.log(`Link decision shown (ours, cold visits): ${samples.ours.map((s) => s.cold.link || 'none').join('; ')}\n`);
  console.log(`Each switch: to \`data-drawn\` / to the frame rendered after it (median / max over runs).\n`);
  console.log(`| path | visit | first field | map drawn | ${SWITCHES.map(([b]) => b).join(' | ')} | every switch: drawn | every switch: frame |`);
  console.log(`|---|---|---|---|${SWITCHES.map(() => '---|').join('')}---|---|`);
  for (const mode of ['ours', 'peer'] as Mode[]) {
    for (const kind of ['cold', 'warm'] as const) {
      const visits = samples[mode].map((s) => s[kind]);
      const cells = SWITCHES.map((_, k) => `${ms(median(visits.map((v) => v.switchMs[k])))} / ${ms(median(visits.map((v) => v.frameMs[k])))}`);
      console.log(
        `| ${mode === 'ours' ? 'ours' : 'peer (whole file)'} | ${kind} | ${stat(visits.map((v) => v.firstMs))} | ${stat(visits.map((v) => v.mapMs))} | ${cells.join(' | ')} | ${stat(visits.flatMap((v) => v.switchMs))} | ${stat(visits.flatMap((v) => v.frameMs))} |`,
      );
    }
  }
  const ratio = (kind: 'cold' | 'warm', pick: (v: Visit) => number[]) =>
    (median(samples.ours.flatMap((s) => pick(s[kind]))) / median(samples.peer.flatMap((s) => pick(s[kind])))).toFixed(2);
  console.log(
    `\nours/peer by medians: cold first field ${ratio('cold', (v) => [v.firstMs])}×, cold map ${ratio('cold', (v) => [v.mapMs])}×, cold switches ${ratio('cold', (v) => v.switchMs)}× (frames ${ratio('cold', (v) => v.frameMs)}×); warm first field ${ratio('warm', (v) => [v.firstMs])}×, warm switches ${ratio('warm', (v) => v.switchMs)}× (frames ${ratio('warm', (v) => v.frameMs)}×)`,
  );
}

await main();
