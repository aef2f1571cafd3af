/**
 * `npm run bench:slow-link`: the forecast map over an emulated satellite link, ours (the shown slice
 * first, the rest in the background) against the peer (the whole file first, as before; localStorage
 * 'ice.download' = 'whole'), in the same run, same build, same server.
 *
 * Link: bench/shaping-proxy.ts in front of the real server (one bandwidth budget per direction for every
 * connection of the page and its workers, fixed delay). Profiles: 256 kbit/s down / 64 up / 600 ms round
 * trip, and 2 Mbit/s down / 512 kbit/s up / 300 ms.
 * Each run: a fresh browser context (cold: no HTTP cache, no service worker, no offline copy) with a signed-in
 * session cookie opens /forecasts (thickness, +24 h): time to the first drawn field (what the user sees: the
 * first view's canvas, `data-field-drawn`, or the map, `data-drawn`, whichever comes first) and bytes moved
 * until then; time until the full map is interactive (the map's `data-drawn` and the first view gone: MapLibre
 * has rendered the field) and bytes until then; then, at once, a lead switch (+48 h) and a variable switch
 * (concentration), each timed from the click to the field shown (the coarse preview or the full field) and to the full field (the map's worker and basemap may still be
 * arriving); then, once no app request has been in flight for a second ("settled"), a lead switch and a
 * switch to the drift (+72 h, then the drift: the last slices of the background's queue), each from the click;
 * with ZOOM, the assimilated run (its file opened while zoomed in: run-switch.ts); then a second visit in the same
 * context (warm). Median and spread (min–max) of RUNS runs (default 3).
 * Beside the times, each run of ours records what decided its first switch: the link decision the sidebar shows
 * (the rate the worker measured) and whether the background had asked for that switch's slice before the click
 * (the switch then waits for it instead of taking a preview).
 * Setup outside the timed parts: the server's demo day is built and every subset (full and preview) and
 * compressed copy is made before the first run (so server CPU does not count).
 * REGION=arctic: the whole Arctic's file (`region=arctic`; the server builds its demo day too). ZOOM (on by default
 * with REGION=arctic, ZOOM=1 for the sector, ZOOM=0 off): once the map is interactive the view jumps into the East
 * Siberian Sea (the sector: the Vilkitsky Strait) before the switches, so ours asks for each switch's window
 * (`bbox=`, workers/forecast/slice-windows.ts); the windows the view asks for are made in brotli 11 beforehand by a
 * loopback visit told the link is slow (the worker's seed, `ice.linkRate`), as every other subset is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../tests/e2e/harness.ts';
import { fieldDrawn, type DrawnOn } from './field-drawn.ts';
import { linkShown } from './link-shown.ts';
import { startShapingProxy, type LinkProfile } from './shaping-proxy.ts';
import { madeInBrotli11, setUpSlowLinkBench } from './slow-link-setup.ts';
import { timedRunSwitch } from './run-switch.ts';

type Mode = 'ours' | 'peer';

const RUNS = Number(process.env.RUNS ?? 3);
/** `LINKS=slow` or `LINKS=fast` runs one profile only. */
const LINKS = process.env.LINKS ?? 'all';
const ALL_PROFILES: LinkProfile[] = [
  { name: '256 kbit/s down, 64 kbit/s up, 600 ms RTT', downKbit: 256, upKbit: 64, rttMs: 600 },
  { name: '2 Mbit/s down, 512 kbit/s up, 300 ms RTT', downKbit: 2000, upKbit: 512, rttMs: 300 },
];
const PROFILES = ALL_PROFILES.filter((p) => LINKS === 'all' || (LINKS === 'slow') === p.downKbit < 1000);
/** `MODES=ours` runs our path only (diagnostics; the table then has no peer). */
const MODES: Mode[] = process.env.MODES === 'ours' ? ['ours'] : ['ours', 'peer'];
/** REGION=arctic: the whole Arctic's file (1792 × 1216 on EPSG:3413) instead of the spec's sector. */
const REGION = process.env.REGION === 'arctic' ? 'arctic' : 'sector';
const REGION_QUERY = REGION === 'arctic' ? '&region=arctic' : '';
/** Where the view jumps before the switches (ZOOM): [lon, lat] and zoom; the East Siberian Sea, the Vilkitsky Strait. */
const ZOOM_VIEW = REGION === 'arctic' ? { center: [160, 74] as [number, number], zoom: 4.5 } : { center: [105, 77.5] as [number, number], zoom: 6 };
const ZOOM = process.env.ZOOM === undefined ? REGION === 'arctic' : process.env.ZOOM === '1';
const log = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface Sample {
  firstMs: number;
  firstBytes: number;
  mapMs: number;
  mapBytes: number;
  /** Switches from the click to the field shown (its preview or the full field), and to the full field. */
  leadShownMs: number;
  leadMs: number;
  variableShownMs: number;
  variableMs: number;
  /** From the map interactive until no app code or basemap request was in flight for a second. */
  settleMs: number;
  /** Once settled: +72 h of concentration, then the drift at +72 h (speed + direction): the background's last slices. */
  settledLeadShownMs: number;
  settledLeadMs: number;
  settledSwitchShownMs: number;
  settledSwitchMs: number;
  warmFirstMs: number;
  warmBytes: number;
  /** The sidebar's link decision once the map is drawn ('slices 0,26 Мбит/с'; '' for the peer). */
  link: string;
  /** The background had asked for the lead switch's full slice before the click. */
  leadAskedBefore: boolean;
  /** The box of the window the lead switch drew (`data-window-drawn`; '' for a whole field). */
  window: string;
  /** ZOOM, last: the assimilated run from the click to its drift drawn, ms (NaN without ZOOM), and the box it drew. */
  runMs: number;
  runWindow: string;
}

/** Wait until the field whose `data-drawn` ends with `suffix` is drawn (field-drawn.ts), polling every 50 ms. */
const drawn = (page: Page, suffix: string, timeoutMs: number, wait: DrawnOn = 'map') => fieldDrawn(page, suffix, wait, { polling: 50, timeoutMs });

/**
 * Click `button` from inside the page, then time with the page's clock the field shown (its coarse preview,
 * `data-preview-drawn`, or the full field, whichever comes first) and the full field (`data-drawn`), ms. The DOM's
 * click, not Playwright's: its actionability checks wait for animation frames of their own, which with software
 * WebGL on a loaded machine took seconds after the map was drawn, long enough for the background to put the
 * switch's slice on the link first (a switch then waits for it instead of taking a preview).
 */
async function timedSwitch(page: Page, button: string, suffix: string, timeoutMs: number): Promise<[number, number]> {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  const script = `new Promise((resolve, reject) => {
    const button = ${JSON.stringify(button)}, end = ${JSON.stringify(suffix)};
    const map = document.querySelector('[data-testid="forecast-map"]');
    const target = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === button);
    if (!map || !target) return reject(new Error('no map or no button ' + button));
    const timeout = setTimeout(() => reject(new Error('switch to ' + button + ' not drawn in ${timeoutMs} ms')), ${timeoutMs});
    let shownAt = 0;
    const observer = new MutationObserver(() => {
      const now = performance.now();
      const full = (map.getAttribute('data-drawn') || '').endsWith(end);
      if (!shownAt && (full || (map.getAttribute('data-preview-drawn') || '').endsWith(end))) shownAt = now;
      if (!full) return;
      clearTimeout(timeout);
      observer.disconnect();
      resolve([shownAt - started, now - started]);
    });
    observer.observe(map, { attributes: true, attributeFilter: ['data-drawn', 'data-preview-drawn'] });
    const started = performance.now();
    target.click();
  })`;
  return (await page.evaluate(script)) as [number, number];
}

/** Jump the map into ZOOM_VIEW and wait until it has come to rest (the page's view box is then set). */
async function zoomIn(page: Page): Promise<void> {
  await page.evaluate(
    ({ center, zoom }) =>
      new Promise<void>((resolve) => {
        const map = window.__forecastMap!;
        map.once('idle', () => resolve());
        map.jumpTo({ center, zoom });
        map.triggerRepaint();
      }),
    ZOOM_VIEW,
  );
}

/**
 * The windows ours will ask for, made in brotli 11 before the timed runs: a loopback visit whose worker is told
 * the link is 256 kbit/s (`ice.linkRate`, which the page hands to it) zooms in and makes the same switches, and
 * every `bbox=` request it makes is then asked until the server answers it in brotli 11.
 */
async function warmWindows(browser: Browser, serverUrl: string, cookies: Array<{ name: string; value: string }>, date: string, header: Record<string, string>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url: serverUrl })));
    await context.addInitScript(() => localStorage.setItem('ice.linkRate', JSON.stringify({ bitsPerSecond: 256_000, measuredAt: Date.now() })));
    const page = await context.newPage();
    const windows = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('bbox=')) windows.add(r.url());
    });
    await page.goto(`${serverUrl}/forecasts?date=${date}&assimilated=false&lead=24&variable=sithick_GLORYS${REGION_QUERY}`);
    await drawn(page, '|sithick_GLORYS|0', 300_000);
    await zoomIn(page);
    for (const [button, suffix] of [
      ['+48h', '|sithick_GLORYS|1'],
      ['sea_ice_fraction_BREMEN', '|sea_ice_fraction_BREMEN|1'],
      ['+72h', '|sea_ice_fraction_BREMEN|2'],
      ['usi_vsi', '|usi_vsi|2'],
    ]) {
      await timedSwitch(page, button, suffix, 300_000);
    }
    await timedRunSwitch(page, '|usi_vsi|2', 300_000);
    const until = Date.now() + 60_000;
    let made = 0;
    for (const url of windows) if (await madeInBrotli11(url.replace(/^https?:\/\/[^/]+/, serverUrl), header, until)) made += 1;
    log(`windows made in brotli 11: ${made} of ${windows.size}`);
  } finally {
    await context.close();
  }
}

async function run(browser: Browser, serverPort: number, cookies: Array<{ name: string; value: string }>, profile: LinkProfile, mode: Mode, date: string): Promise<Sample> {
  const proxy = await startShapingProxy(serverPort, profile);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url: proxy.url })));
    if (mode === 'peer') await context.addInitScript(() => localStorage.setItem('ice.download', 'whole'));
    const timeout = Number(process.env.STEP_TIMEOUT_MS ?? 300_000);
    const page = await context.newPage();
    page.on('pageerror', (e) => log(`page error: ${e.message}`));
    // Requests other than forecast data in flight (app code, basemap, API): "settled" = none for a second.
    const inFlight = new Set<string>();
    let lastChange = performance.now();
    const isData = (url: string) => url.includes('/api/v1/forecast/hist');
    /** When the lead switch's full slice (thickness at +48 h, not a preview) was first asked for. */
    let leadAskedAt = Infinity;
    page.on('request', (r) => {
      const asked = r.url();
      if (/variables=sithick_GLORYS&lead=48$/.test(asked)) leadAskedAt = Math.min(leadAskedAt, performance.now());
      if (isData(asked)) return;
      inFlight.add(r.url());
      lastChange = performance.now();
    });
    const done = (r: { url(): string }) => {
      if (inFlight.delete(r.url())) lastChange = performance.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    // BENCH_LOG_REQUESTS=1: each finished request of the cold visit, when it ended (s since the start) and its size.
    if (process.env.BENCH_LOG_REQUESTS === '1') {
      const t0 = performance.now();
      page.on('requestfinished', (request) => {
        void request.sizes().then((sizes) => {
          const url = request.url().replace(proxy.url, '');
          log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s  ${(sizes.responseBodySize / 1024).toFixed(1)} KiB  ${url.slice(0, 110)}`);
        });
      });
    }
    const url = `${proxy.url}/forecasts?date=${date}&assimilated=false&lead=24&variable=sithick_GLORYS${REGION_QUERY}`;
    let started = performance.now();
    const opened = started;
    await page.goto(url, { waitUntil: 'commit' });
    await drawn(page, '|sithick_GLORYS|0', timeout, 'first');
    const firstMs = performance.now() - started;
    const firstBytes = proxy.bytesDown() + proxy.bytesUp();
    await drawn(page, '|sithick_GLORYS|0', timeout, 'map');
    const mapMs = performance.now() - opened;
    const mapBytes = proxy.bytesDown() + proxy.bytesUp();
    log(`${mode} first field ${firstMs.toFixed(0)} ms, map ${mapMs.toFixed(0)} ms`);

    const switchTo = (button: string, suffix: string) => timedSwitch(page, button, suffix, timeout);
    if (ZOOM) await zoomIn(page);
    const leadClickedAt = performance.now();
    const [leadShownMs, leadMs] = await switchTo('+48h', '|sithick_GLORYS|1');
    const window = (await page.getByTestId('forecast-map').getAttribute('data-window-drawn')) ?? '';
    const leadAskedBefore = leadAskedAt < leadClickedAt;
    const [variableShownMs, variableMs] = await switchTo('sea_ice_fraction_BREMEN', '|sea_ice_fraction_BREMEN|1');
    // The decision keeps the rate it was made with (the first slice's): read once the switches are timed.
    const link = mode === 'ours' ? await linkShown(page, 2_000) : '';

    started = performance.now();
    while ((inFlight.size > 0 || performance.now() - lastChange < 1000) && performance.now() - started < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const settleMs = performance.now() - started;
    const [settledLeadShownMs, settledLeadMs] = await switchTo('+72h', '|sea_ice_fraction_BREMEN|2');
    const [settledSwitchShownMs, settledSwitchMs] = await switchTo('usi_vsi', '|usi_vsi|2');
    // Still zoomed in: the other run's file, whose first view is the window under the view.
    const runMs = ZOOM ? await timedRunSwitch(page, '|usi_vsi|2', timeout) : NaN;
    const runWindow = ZOOM ? ((await page.getByTestId('forecast-map').getAttribute('data-window-drawn')) ?? '') : '';
    const pair = (shownMs: number, fullMs: number) => `${shownMs.toFixed(0)}${shownMs < fullMs ? ` (preview) → ${fullMs.toFixed(0)}` : ''}`;
    log(
      `${mode} link ${link || 'not shown'}, lead slice asked before the click: ${leadAskedBefore}; lead switch's window ${window || 'none'}; switches (shown→full) ${pair(leadShownMs, leadMs)} / ${pair(variableShownMs, variableMs)} ms; settled after ${settleMs.toFixed(0)} ms; then ${pair(settledLeadShownMs, settledLeadMs)} / ${pair(settledSwitchShownMs, settledSwitchMs)} ms`,
    );
    await page.close();

    // Warm: a second visit in the same context once the first one's background work has had time to finish
    // (the peer's whole file is long done; ours fetches the other slices: give it the time the link needs).
    await new Promise((resolve) => setTimeout(resolve, mode === 'ours' ? (profile.downKbit < 1000 ? 45_000 : 8_000) : 2_000));
    const before = proxy.bytesDown() + proxy.bytesUp();
    const again = await context.newPage();
    started = performance.now();
    await again.goto(url, { waitUntil: 'commit' });
    await drawn(again, '|sithick_GLORYS|0', timeout, 'first');
    const warmFirstMs = performance.now() - started;
    const warmBytes = proxy.bytesDown() + proxy.bytesUp() - before;
    return {
      firstMs,
      firstBytes,
      mapMs,
      mapBytes,
      leadShownMs,
      leadMs,
      variableShownMs,
      variableMs,
      settleMs,
      settledLeadShownMs,
      settledLeadMs,
      settledSwitchShownMs,
      settledSwitchMs,
      warmFirstMs,
      warmBytes,
      link,
      leadAskedBefore,
      window,
      runMs,
      runWindow,
    };
  } finally {
    await context.close();
    await proxy.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function cell(values: number[], unit: 's' | 'KiB'): string {
  const scale = unit === 's' ? 1000 : 1024;
  const f = (v: number) => (v / scale).toFixed(unit === 's' ? 1 : 0);
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

/** The figures of a sample in ms. */
type TimedField = { [K in keyof Sample]: Sample[K] extends number ? K : never }[keyof Sample];

/** 'shown / full' cell of a switch (one figure when no preview was drawn first in any run). */
function both(samples: Sample[], shown: TimedField, full: TimedField): string {
  const a = samples.map((x) => x[shown]);
  const b = samples.map((x) => x[full]);
  return a.every((v, k) => v >= b[k]) ? `${cell(b, 's')} s` : `${cell(a, 's')} / ${cell(b, 's')} s`;
}

async function main(): Promise<void> {
  const { server, browser, cookies, date, header } = await setUpSlowLinkBench(log, REGION);
  try {
    const port = Number(new URL(server.url).port);
    if (ZOOM && MODES.includes('ours')) await warmWindows(browser, server.url, cookies, date, header);
    const results: Record<string, Record<Mode, Sample[]>> = {};
    /** The 1-minute load average as each run starts (the machine is shared). */
    const loads: string[] = [];
    for (const profile of PROFILES) {
      results[profile.name] = { ours: [], peer: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const mode of MODES) {
          loads.push(loadavg()[0].toFixed(1));
          const sample = await run(browser, port, cookies, profile, mode, date);
          results[profile.name][mode].push(sample);
          console.error(`${profile.name} ${mode} #${i + 1}: ${JSON.stringify(sample)}`);
        }
      }
    }
    console.log(`REGION=${REGION}${ZOOM ? `, zoomed into ${ZOOM_VIEW.center.join(',')} z${ZOOM_VIEW.zoom} before the switches` : ''}, RUNS=${RUNS}, date ${date}, median (min–max); 1-min load average at each run's start: ${loads.join(', ')}\n`);
    console.log(
      '| link | path | first field, cold | bytes to it | map interactive, cold | bytes to it | lead switch: shown / full | variable switch: shown / full | settled after | lead switch, settled: shown / full | drift switch, settled: shown / full | first field, warm | bytes, warm |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const profile of PROFILES) {
      for (const mode of MODES) {
        const s = results[profile.name][mode];
        console.log(
          `| ${profile.name} | ${mode === 'ours' ? 'ours (slice + first view)' : 'peer (whole file)'} | ${cell(s.map((x) => x.firstMs), 's')} s | ${cell(s.map((x) => x.firstBytes), 'KiB')} KiB | ${cell(s.map((x) => x.mapMs), 's')} s | ${cell(s.map((x) => x.mapBytes), 'KiB')} KiB | ${both(s, 'leadShownMs', 'leadMs')} | ${both(s, 'variableShownMs', 'variableMs')} | ${cell(s.map((x) => x.settleMs), 's')} s | ${both(s, 'settledLeadShownMs', 'settledLeadMs')} | ${both(s, 'settledSwitchShownMs', 'settledSwitchMs')} | ${cell(s.map((x) => x.warmFirstMs), 's')} s | ${cell(s.map((x) => x.warmBytes), 'KiB')} KiB |`,
        );
      }
    }
    console.log('');
    for (const profile of PROFILES) {
      const ours = results[profile.name].ours;
      console.log(
        `${profile.name}, ours: link shown ${ours.map((x) => x.link || 'none').join('; ')}; lead slice asked before the click: ${ours.map((x) => x.leadAskedBefore).join(', ')}; lead switch's window: ${ours.map((x) => x.window || 'none').join('; ')}`,
      );
      if (ZOOM) console.log(`${profile.name}, ours: the assimilated run while zoomed in, its drift +72 h drawn ${cell(ours.map((x) => x.runMs), 's')} s; its window: ${ours.map((x) => x.runWindow || 'none').join('; ')}`);
    }
    console.log('');
    for (const profile of MODES.length === 2 ? PROFILES : []) {
      const { ours, peer } = results[profile.name];
      const ratio = (pick: (x: Sample) => number) => (median(ours.map(pick)) / median(peer.map(pick))).toFixed(2);
      console.log(
        `${profile.name}: ours/peer by medians: first field ${ratio((x) => x.firstMs)}×, bytes to it ${ratio((x) => x.firstBytes)}×, map interactive ${ratio((x) => x.mapMs)}×, lead switch ${ratio((x) => x.leadShownMs)}× shown / ${ratio((x) => x.leadMs)}× full, variable switch ${ratio((x) => x.variableShownMs)}× / ${ratio((x) => x.variableMs)}×, settled lead switch ${ratio((x) => x.settledLeadShownMs)}× / ${ratio((x) => x.settledLeadMs)}×, settled drift switch ${ratio((x) => x.settledSwitchShownMs)}× / ${ratio((x) => x.settledSwitchMs)}×, warm first field ${ratio((x) => x.warmFirstMs)}×`,
      );
    }
    mkdirSync(join(repoRoot, 'bench/out'), { recursive: true });
    writeFileSync(join(repoRoot, `bench/out/slow-link${REGION === 'arctic' ? '-arctic' : ''}.json`), JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
