/**
 * bench:icecharts (the link half): 'chart drawn after the toggle' on the map page, loopback and a ship's 256 kbit/s
 * (64 up, 600 ms round trip, through shaping-proxy.ts), against a peer in the same page and run: the whole chart
 * fetched and parsed as a stock GeoJSON client needs it before it can draw anything (deck.gl's GeoJsonLayer with a
 * URL does exactly this). Ours: the click on 'Показать ледовую карту' to the chart on screen — the map's
 * `data-chart-drawn` (the frame in which deck.gl drew the chart's fill) and gl.finish() after it (the software GPU
 * has drawn that frame) — the simplified body first on a slow link, and to the whole chart in its place. The
 * page's own marks (chart-loader.ts, chart-drawn.ts) are logged per run. A second floor: one repaint of the map
 * before the toggle. The AARI chart (342 polygons) is imported once, for the demo day, before anything is timed.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, sessionCookies, startServer } from '../tests/e2e/harness.ts';
import { fieldDrawn } from './field-drawn.ts';
import { startShapingProxy, type LinkProfile } from './shaping-proxy.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const NAME = 'aari_arc_20140211_pl_a';
const FIXTURE = join(import.meta.dirname, '../../shared/fixtures/icecharts', NAME);
const SLOW: LinkProfile = { name: '256 kbit/s down, 64 kbit/s up, 600 ms RTT', downKbit: 256, upKbit: 64, rttMs: 600 };
/** `LINKS=loopback` or `LINKS=slow` runs one link only; `MOMENTS=settled` (or `at once`) one moment of the toggle. */
/**
 * `COMPARE=page`: each run also made, right after, with the chart prepared and tessellated on the page's main
 * thread as before the chart worker (the page's test hook `__iceChartOnPage`, test builds only): a peer in the same
 * page, link and load.
 */
const ON_PAGE_TOO = process.env.COMPARE === 'page';
const PROFILES: Array<LinkProfile | null> = [null, SLOW].filter((profile) => !process.env.LINKS || process.env.LINKS === (profile ? 'slow' : 'loopback'));
const log = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cell = (values: number[]) => `${(median(values) / 1000).toFixed(2)} (${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)})`;

interface Sample {
  marks: Record<string, number>;
  shownMs: number;
  simplified: boolean;
  wholeMs: number;
  peerMs: number;
  /** A repaint of the map before the toggle, median of 3, ms. */
  frameMs: number;
}

/** Import the AARI chart as an admin for `date`; its id once the job has succeeded. */
async function importChart(baseUrl: string, date: string): Promise<number> {
  const cookies = await sessionCookies(baseUrl, demoAccounts.admin);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  // A POST with a session carries the XSRF cookie's copy in its header (plugins/xsrf.ts).
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const files = Object.fromEntries(['shp', 'shx', 'dbf', 'prj'].map((ext) => [`${NAME}.${ext}`, new Uint8Array(readFileSync(join(FIXTURE, `${NAME}.${ext}`)))]));
  const form = new FormData();
  form.append('file', new Blob([zipSync(files)]), `${NAME}.zip`);
  form.append('valid_time', `${date}T00:00:00Z`);
  form.append('source', 'ААНИИ');
  const started = await fetch(`${baseUrl}/api/v1/icecharts`, { method: 'POST', body: form, headers: { cookie, origin: baseUrl, 'x-xsrf-token': xsrf } });
  if (started.status !== 202) throw new Error(`import refused: ${started.status} ${await started.text()}`);
  const { job_id: jobId } = (await started.json()) as { job_id: number };
  for (let i = 0; i < 600; i++) {
    const job = (await (await fetch(`${baseUrl}/api/v1/jobs/${jobId}`, { headers: { cookie } })).json()) as { status: string; result?: { chart_id?: number }; message?: string };
    if (job.status === 'succeeded') return job.result!.chart_id!;
    if (job.status === 'failed') throw new Error(`import failed: ${job.message}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('import did not end');
}

/** Click the toggle from inside the page and time, on the page's clock, the chart drawn first and the whole chart drawn. */
async function timedToggle(page: Page, chartId: number): Promise<{ shownMs: number; simplified: boolean; wholeMs: number; marks: Record<string, number> }> {
  await page.evaluate(() => {
    const toggle = [...document.querySelectorAll('label')].find((label) => label.textContent?.includes('Показать ледовую карту'))?.querySelector('input');
    if (!toggle) throw new Error('no chart toggle');
    performance.clearMarks();
    // 'On screen': once the map says it drew a chart, gl.finish() waits for the GPU to have drawn that frame.
    const canvas = document.querySelector('[data-testid="forecast-map"]')!;
    const observer = new MutationObserver(() => {
      const drawn = canvas.getAttribute('data-chart-drawn');
      if (drawn && drawn !== 'none') {
        window.__forecastMap!.getCanvas().getContext('webgl2')!.finish();
        performance.mark('ice-chart:on-screen');
      }
    });
    observer.observe(canvas, { attributes: true, attributeFilter: ['data-chart-drawn'] });
    performance.mark('ice-chart:toggle');
    toggle.click();
  });
  // The map's `data-chart-drawn` is set once a rendered frame holds the chart (ice-chart/chart-drawn.ts); the
  // marks are the page's own (chart-loader.ts, chart-drawn.ts), read on its clock from the click.
  const map = '[data-testid="forecast-map"]';
  await page.waitForSelector(`${map}[data-chart-drawn^="${chartId}|"]`, { timeout: 300_000 });
  const simplified = (await page.getAttribute(map, 'data-chart-drawn')) === `${chartId}|simplified`;
  await page.waitForSelector(`${map}[data-chart-drawn="${chartId}|whole"]`, { timeout: 300_000 });
  const marks = await page.evaluate(() => {
    const t0 = performance.getEntriesByName('ice-chart:toggle')[0].startTime;
    const entries = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('ice-chart:'));
    return Object.fromEntries(entries.map((mark) => [`${mark.name.slice(10)}${entries.filter((m) => m.name === mark.name).indexOf(mark) || ''}`, Math.round(mark.startTime - t0)]));
  });
  return { shownMs: marks['on-screen'], simplified, wholeMs: marks[simplified ? 'on-screen1' : 'on-screen'], marks };
}

/**
 * The floor: one frame of the map as it stands, rendered (MapLibre asked to repaint, its 'render' event, then
 * gl.finish(): the GPU, software here, has drawn it), median of 3.
 */
function mapFrameMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const map = window.__forecastMap!;
    const gl = map.getCanvas().getContext('webgl2')!;
    gl.finish();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        map.once('render', () => resolve());
        map.triggerRepaint();
      });
      gl.finish();
      times.push(performance.now() - t0);
    }
    return times.sort((x, y) => x - y)[1];
  });
}

/**
 * 'at once': the toggle clicked as soon as the field is on the map; 'settled': once the page has listed the date's
 * chart and drawn the chart's programs ready (chart-warm-up.ts's mark), as a person's click comes seconds later.
 * 'Settled' clicks after three timed repaints of the map (the frame floor), so no frame of the page's own is still
 * on the (software) GPU when the toggle's frame comes; 'at once' times the floor after the chart is shown.
 */
type Moment = 'at once' | 'settled';

interface RunOptions {
  profile: LinkProfile | null;
  moment: Moment;
  /** The chart prepared and tessellated on the page (no chart worker). */
  onPage: boolean;
}

async function run(browser: Browser, port: number, cookies: Array<{ name: string; value: string }>, options: RunOptions, date: string, chartId: number): Promise<Sample> {
  const { profile, moment, onPage } = options;
  const proxy = profile ? await startShapingProxy(port, profile) : null;
  const base = proxy?.url ?? `http://127.0.0.1:${port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    if (onPage) await context.addInitScript(() => Object.assign(window, { __iceChartOnPage: true }));
    await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    await page.goto(`${base}/forecasts?date=${date}`, { waitUntil: 'commit' });
    await fieldDrawn(page, '|sithick_GLORYS|0', 'map', { polling: 'raf', timeoutMs: 600_000 });
    let frameMs = 0;
    if (moment === 'settled') {
      await page.waitForFunction(() => performance.getEntriesByName('ice-chart:warmed-up').length > 0, null, { polling: 100, timeout: 600_000 });
      frameMs = await mapFrameMs(page);
    }
    const ours = await timedToggle(page, chartId);
    if (moment === 'at once') frameMs = await mapFrameMs(page);
    // The peer: the whole chart over the same link and page, fetched and parsed before anything could be drawn.
    const peerMs = await page.evaluate(async (id) => {
      const t0 = performance.now();
      const reply = await fetch(`/api/v1/icecharts/${id}?peer=${Math.random()}`, { cache: 'no-store' });
      JSON.parse(await reply.text());
      return performance.now() - t0;
    }, chartId);
    return { ...ours, peerMs, frameMs };
  } finally {
    await context.close();
    await proxy?.close();
  }
}

// One demo day; the warmer off, so no background compression runs beside the timing (a requested subset's own
// copy is still made). The tile host unresolvable: a ship reaches our server only.
const server = await startServer({ env: { DEMO_DAYS: '1', SUBSET_WARM: '0' }, readyTimeoutMs: 600_000 });
const browser = await launchBrowser(['--host-resolver-rules=MAP gibs.earthdata.nasa.gov ~NOTFOUND']);
try {
  const cookies = await sessionCookies(server.url);
  let dates: string[] = [];
  for (let i = 0; i < 600 && dates.length === 0; i++) {
    const header = { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    dates = ((await (await fetch(`${server.url}/api/v1/forecast/info`, { headers: header })).json()) as { available_dates: string[] }).available_dates;
    if (dates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const date = dates[dates.length - 1];
  const chartId = await importChart(server.url, date);
  log(`chart ${chartId} imported for ${date}`);
  const port = Number(new URL(server.url).port);
  const rows: string[] = [];
  for (const profile of PROFILES) {
    // The slow link's page is never settled before its forecast file is whole (minutes): timed at once only.
    for (const moment of (process.env.MOMENTS ? process.env.MOMENTS.split(',') : profile ? ['at once'] : ['at once', 'settled']) as Moment[]) {
      const variants = ON_PAGE_TOO ? [false, true] : [false];
      const samples = new Map<boolean, Sample[]>(variants.map((onPage) => [onPage, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const onPage of variants) {
          const sample = await run(browser, port, cookies, { profile, moment, onPage }, date, chartId);
          log(`${profile?.name ?? 'loopback'}, ${moment}${onPage ? ', on the page' : ''} #${i + 1}: ${JSON.stringify(sample)}`);
          samples.get(onPage)!.push(sample);
        }
      }
      for (const [onPage, got] of samples) {
        const label = `${profile?.name ?? 'loopback'}, toggled ${moment}${onPage ? ' — peer: chart prepared on the page, no worker' : ''}`;
        rows.push(
          `| ${label} | ${cell(got.map((s) => s.shownMs))} s${got.some((s) => s.simplified) ? ' (simplified first)' : ''} | ${cell(got.map((s) => s.wholeMs))} s | ${cell(got.map((s) => s.peerMs))} s | ${(median(got.map((s) => s.shownMs)) / median(got.map((s) => s.peerMs))).toFixed(2)} | ${cell(got.map((s) => s.frameMs))} s |`,
        );
      }
    }
  }
  console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}; ${RUNS} runs per link; seconds, median (min–max)`);
  console.log('| link | ours: toggle → chart on screen | ours: → whole chart | peer: whole chart fetched + parsed | ours shown / peer | a map frame (floor) |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await browser.close();
  await server.stop();
}
