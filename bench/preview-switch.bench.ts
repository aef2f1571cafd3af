/**
 * `npm run bench:preview` (previews on slow links): a switch to a slice not fetched yet, over the
 * emulated 256 kbit/s down / 64 kbit/s up / 600 ms link (bench/shaping-proxy.ts, everything of the page and its
 * workers), ours (a stride-2 preview first, then the full slice) against the peer in the same run: the same app
 * with the server refusing previews (tests/e2e/slow-link-proxy.ts answers `stride=2` with an older server's 422,
 * so the worker falls back to the full slice alone, as before previews: one extra round trip, once per file).
 *
 * Each run: a fresh browser context (cold) with a session cookie opens /forecasts (thickness, +24 h) and waits
 * for the map to be interactive; then, at once, a switch to concentration (+24 h) and, once drawn, to the drift
 * (+24 h); each timed from the click to the first picture of the new field (the preview's `data-preview-drawn`,
 * or the full field's `data-drawn` when none) and to the full field (`data-drawn`). Median and spread (min–max)
 * of RUNS runs (default 3). Setup outside the timed parts: the demo day is built and every subset and preview
 * made before the first run (as SUBSET_WARM does on a server).
 */
import type { Browser, Page } from 'playwright-core';
import { startSlowLinkProxy } from '../tests/e2e/slow-link-proxy.ts';
import { startShapingProxy, type LinkProfile } from './shaping-proxy.ts';
import { setUpSlowLinkBench } from './slow-link-setup.ts';

type Mode = 'ours' | 'peer';
const RUNS = Number(process.env.RUNS ?? 3);
const PROFILE: LinkProfile = { name: '256 kbit/s down, 64 kbit/s up, 600 ms RTT', downKbit: 256, upKbit: 64, rttMs: 600 };
const log = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface Switch {
  /** Click → first picture of the new field (preview or full), ms. */
  firstMs: number;
  /** Click → the full field, ms. */
  fullMs: number;
  /** Whether a preview was drawn in between. */
  previewed: boolean;
}

/** Click `button` and time the map's first picture and full field of `suffix` ('|variable|lead'), in the page's clock. */
async function timedSwitch(page: Page, button: string, suffix: string): Promise<Switch> {
  return page.evaluate(
    ({ button, suffix }) =>
      new Promise<Switch>((resolve, reject) => {
        const map = document.querySelector('[data-testid="forecast-map"]')!;
        const target = [...document.querySelectorAll('button')].find((b) => b.textContent === button);
        if (!target) return reject(new Error(`no button ${button}`));
        let firstMs: number | null = null;
        let previewed = false;
        const started = performance.now();
        // No named function in here: tsx's keepNames would wrap it in a helper the page does not have.
        const observer = new MutationObserver(() => {
          const preview = map.getAttribute('data-preview-drawn')?.endsWith(suffix) ?? false;
          const full = map.getAttribute('data-drawn')?.endsWith(suffix) ?? false;
          if ((preview || full) && firstMs === null) firstMs = performance.now() - started;
          if (preview) previewed = true;
          if (full) {
            observer.disconnect();
            resolve({ firstMs: firstMs!, fullMs: performance.now() - started, previewed });
          }
        });
        observer.observe(map, { attributes: true, attributeFilter: ['data-drawn', 'data-preview-drawn'] });
        target.click();
      }),
    { button, suffix },
  );
}

async function run(browser: Browser, serverUrl: string, cookies: Array<{ name: string; value: string }>, mode: Mode, date: string): Promise<Switch[]> {
  const gate = await startSlowLinkProxy(serverUrl, { bytesPerSecond: Infinity });
  gate.refusePreviews = mode === 'peer';
  const link = await startShapingProxy(Number(new URL(gate.url).port), PROFILE);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url: link.url })));
    const page = await context.newPage();
    await page.goto(`${link.url}/forecasts?date=${date}&assimilated=false&lead=24&variable=sithick_GLORYS`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-drawn')?.endsWith('|sithick_GLORYS|0') ?? false) &&
        document.querySelector('[data-testid="first-view"]') === null,
      null,
      { polling: 50, timeout: 300_000 },
    );
    const concentration = await timedSwitch(page, 'sea_ice_fraction_BREMEN', '|sea_ice_fraction_BREMEN|0');
    const drift = await timedSwitch(page, 'usi_vsi', '|usi_vsi|0');
    log(`${mode}: concentration ${JSON.stringify(concentration)}, drift ${JSON.stringify(drift)}`);
    return [concentration, drift];
  } finally {
    await context.close();
    await link.close();
    await gate.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (values: number[]) =>
  `${(median(values) / 1000).toFixed(1)} (${(Math.min(...values) / 1000).toFixed(1)}–${(Math.max(...values) / 1000).toFixed(1)})`;

async function main(): Promise<void> {
  const { server, browser, cookies, date } = await setUpSlowLinkBench(log);
  try {
    const results: Record<Mode, Switch[][]> = { ours: [], peer: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const mode of ['ours', 'peer'] as Mode[]) results[mode].push(await run(browser, server.url, cookies, mode, date));
    }
    console.log(`${PROFILE.name}; RUNS=${RUNS}, date ${date}, seconds from the click, median (min–max)\n`);
    console.log('| switch | path | first picture | full field | previewed |');
    console.log('|---|---|---|---|---|');
    ['concentration +24 h', 'drift +24 h'].forEach((name, k) => {
      for (const mode of ['ours', 'peer'] as Mode[]) {
        const s = results[mode].map((r) => r[k]);
        console.log(
          `| ${name} | ${mode === 'ours' ? 'ours (preview first)' : 'peer (full slice only)'} | ${seconds(s.map((x) => x.firstMs))} s | ${seconds(s.map((x) => x.fullMs))} s | ${s.filter((x) => x.previewed).length}/${s.length} |`,
        );
      }
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
