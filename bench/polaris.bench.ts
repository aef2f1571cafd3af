/**
 * The POLARIS layer's draw against the scalar field layer's, and the route check of a 3 000 km route.
 *
 *  - Draw: /forecasts in headless Chromium against the real server (demo data), basemap hidden (black background)
 *    so a frame is the field layer and little else. A frame = forced repaint → MapLibre 'render' → gl.finish()
 *    (SwiftShader renders on the CPU: finish() waits for the pixels). POLARIS (two r32float textures, RIO per
 *    fragment) and the scalar layer (concentration, one texture + ramp) alternate in the same run, both slices
 *    already decoded; globe and Mercator; each sample is the mean of 5 back-to-back frames. Also: a class change to the frame that shows it.
 *  - Route check: POST /api/v1/route/check from the page (HTTP round trip included) for a ~3 000 km route over the
 *    full 1301 × 480 grid: the first call of each lead (file read + decode of the lead), then warm calls; the peer
 *    in the same run is a two-waypoint 5 km route (the fixed cost: request, auth, lookup, cache).
 * Median and spread (min–max). Run: npm run bench:polaris (VITE_TEST_HOOKS=1 vite build && npx tsx bench/polaris.bench.ts) (REPS=… to change repetitions).
 * Results: stdout and bench/out/polaris.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { greatCircleKm } from '../server/src/routes/ship-route/great-circle.ts';
import { blackBackground, waitForDrawn } from '../tests/e2e/forecast-map-helpers.ts';
import { launchBrowser, repoRoot, signedInMapPage, startServer } from '../tests/e2e/harness.ts';
import { spread } from './spread.ts';

const REPS = Number(process.env.REPS ?? 9);
/** Frames averaged per draw sample. */
const FRAMES = 5;

/** A zigzag across the Barents, Kara and Laptev seas, [lat, lon]. */
const ROUTE: [number, number][] = [
  [69.5, 52],
  [77, 58],
  [74, 72],
  [80, 80],
  [76.5, 95],
  [81.5, 104],
];

/** One finished frame, ms. Plain JavaScript text: tsx would wrap named functions in a helper the page lacks. */
const FRAME_SOURCE = `
window.__benchFrame = () => new Promise((resolve) => {
  const map = window.__forecastMap;
  const gl = map.getCanvas().getContext('webgl2');
  const t0 = performance.now();
  map.once('render', () => { gl.finish(); resolve(performance.now() - t0); });
  map.triggerRepaint();
});
`;

const frame = (page: Page) => page.evaluate(() => (window as unknown as { __benchFrame: () => Promise<number> }).__benchFrame());

async function showVariable(page: Page, variable: string): Promise<void> {
  await page.locator('.forecast-sidebar button', { hasText: new RegExp(`^${variable}$`) }).click();
  await waitForDrawn(page, (drawn) => drawn.endsWith(`|${variable}|0`));
}

async function drawRatios(page: Page, label: string, results: Record<string, number[]>): Promise<void> {
  results[`${label} scalar`] = [];
  results[`${label} POLARIS`] = [];
  for (let i = 0; i < REPS; i++) {
    for (const variable of ['sea_ice_fraction_BREMEN', 'POLARIS']) {
      await showVariable(page, variable);
      await frame(page); // settle after the switch
      const key = `${label} ${variable === 'POLARIS' ? 'POLARIS' : 'scalar'}`;
      // Mean of FRAMES back-to-back frames: one sample is less at the mercy of the shared machine.
      let total = 0;
      for (let f = 0; f < FRAMES; f++) total += await frame(page);
      results[key].push(total / FRAMES);
    }
  }
}

async function main(): Promise<void> {
  const server = await startServer({ env: { DEMO_DAYS: '1' } });
  const browser = await launchBrowser();
  try {
    const { page, dates } = await signedInMapPage(browser, server, 1);
    const date = dates[dates.length - 1];
    await page.goto(`${server.url}/forecasts?date=${date}&variable=POLARIS`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|POLARIS|0'), 120_000);
    // page.evaluate, not addScriptTag: the server's CSP refuses inline scripts; DevTools evaluation is not one.
    await page.evaluate(FRAME_SOURCE);
    await blackBackground(page);

    const results: Record<string, number[]> = {};
    await drawRatios(page, 'globe', results);
    // A class change: select → the frame that shows it (uniforms only).
    results['globe class change'] = [];
    await showVariable(page, 'POLARIS');
    for (let i = 0; i < REPS; i++) {
      const t0 = Date.now();
      await page.getByTestId('ice-class-select').selectOption(i % 2 ? 'PC7' : 'IC');
      await frame(page);
      results['globe class change'].push(Date.now() - t0);
    }
    await page.evaluate(() => { window.__forecastMap!.setProjection({ type: 'mercator' }); });
    await frame(page);
    await drawRatios(page, 'Mercator', results);

    // Route check: 3 000 km against 5 km, over HTTP from the page.
    let routeKm = 0;
    for (let k = 1; k < ROUTE.length; k++) routeKm += greatCircleKm(...ROUTE[k - 1], ...ROUTE[k]);
    const post = (waypoints: [number, number][], lead: number) =>
      page.evaluate(
        async ({ body }) => {
          const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
          const t0 = performance.now();
          const reply = await fetch('/api/v1/route/check', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
            body: JSON.stringify(body),
          });
          const json = (await reply.json()) as { samples?: unknown[] };
          if (!reply.ok) throw new Error(JSON.stringify(json));
          return { ms: performance.now() - t0, samples: json.samples?.length ?? 0 };
        },
        { body: { date, run: 'free', lead_hours: lead, ice_class: 'PC7', waypoints } },
      );
    results['route 3000 km, first call per lead (read + decode)'] = [];
    let samples = 0;
    for (const lead of [24, 48, 72]) {
      const r = await post(ROUTE, lead);
      samples = r.samples;
      results['route 3000 km, first call per lead (read + decode)'].push(r.ms);
    }
    results['route 3000 km, warm'] = [];
    results['peer: route 5 km, warm'] = [];
    const short: [number, number][] = [
      [75, 60],
      [75.045, 60],
    ];
    for (let i = 0; i < REPS; i++) {
      results['route 3000 km, warm'].push((await post(ROUTE, 24)).ms);
      results['peer: route 5 km, warm'].push((await post(short, 24)).ms);
    }

    const summary = Object.fromEntries(Object.entries(results).map(([name, values]) => [name, spread(values)]));
    console.log(`route: ${routeKm.toFixed(0)} km, ${ROUTE.length} waypoints, ${samples} samples`);
    console.log('| measure | n | median ms (min–max) | ratio |\n|---|---|---|---|');
    const peerOf = (name: string) =>
      name.endsWith('POLARIS') ? summary[name.replace('POLARIS', 'scalar')] : name.startsWith('route') ? summary['peer: route 5 km, warm'] : null;
    for (const [name, s] of Object.entries(summary)) {
      const peer = peerOf(name);
      const ratio = peer ? `${(s.median / peer.median).toFixed(2)} × ${name.endsWith('POLARIS') ? 'scalar' : '5 km route'}` : '';
      console.log(`| ${name} | ${s.n} | ${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)}) | ${ratio} |`);
    }
    const out = join(repoRoot, 'bench/out');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'polaris.json'), JSON.stringify({ date, routeKm, samples, results, summary }, null, 2));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
