/**
 * What a frame costs with the whole Arctic's field on the globe against the sector's, in the same run: the map page
 * in headless Chromium (1280 × 800, SwiftShader WebGL2, tiles refused so the offline basemap is drawn) against the real
 * server (demo data: 1 day, also built for region `arctic`), sea-ice thickness at +24 h, each region at its own view
 * (the sector's spec view; the arctic's pole view). A frame is timed in the page from `triggerRepaint()` to the end
 * of MapLibre's `render`; the regions take turns (ROUNDS rounds of REPS frames each), so the machine's load falls on
 * both alike. Median and spread (min–max); the ratio is arctic over sector.
 *
 * Run: `VITE_TEST_HOOKS=1 npx vite build && npx tsx bench/arctic-frame.bench.ts` (REPS, ROUNDS). Results: stdout and
 * bench/out/arctic-frame.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, repoRoot, signedInMapPage, startServer } from '../tests/e2e/harness.ts';
import { spread } from './spread.ts';

const REPS = Number(process.env.REPS ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

type RegionId = 'sector' | 'arctic';

/** Open the region's thickness and wait until its field is on the map. */
async function openRegion(page: Page, base: string, region: RegionId): Promise<void> {
  await page.goto(`${base}/forecasts?region=${region}&variable=sithick_GLORYS`);
  const drawnFile = region === 'arctic' ? 'region=arctic' : 'forecast/hist?date=';
  await page.waitForFunction(
    ([file]) => {
      const drawn = document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-drawn') ?? '';
      return drawn.includes(file) && drawn.includes('|sithick_GLORYS|0');
    },
    [drawnFile] as const,
    { timeout: 180_000 },
  );
}

/** One repaint, from the request to the end of MapLibre's render, ms (in the page's clock). */
async function frame(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const map = window.__forecastMap!;
        const t0 = performance.now();
        map.once('render', () => resolve(performance.now() - t0));
        map.triggerRepaint();
      }),
  );
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const server = await startServer({ env: { DEMO_DAYS: '1', DEMO_ARCTIC_DAYS: '1', SUBSET_WARM: '0' }, readyTimeoutMs: 300_000 });
  const browser = await launchBrowser();
  try {
    const { page } = await signedInMapPage(browser, server, 1);
    const frames: Record<RegionId, number[]> = { sector: [], arctic: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const region of ['sector', 'arctic'] as const) {
        await openRegion(page, server.url, region);
        await frame(page); // the first frame after opening may still upload
        for (let k = 0; k < REPS; k++) frames[region].push(await frame(page));
      }
    }
    const sector = spread(frames.sector);
    const arctic = spread(frames.arctic);
    const load = [loadBefore[0], loadavg()[0]].map((l) => l.toFixed(1)).join(' → ');
    console.log(`load average (1 min) ${load}`);
    console.log('| field on the globe | n | median ms (min–max) | × sector |\n|---|---|---|---|');
    for (const [name, s] of [['sector (480 × 1301, spec view)', sector], ['arctic (1792 × 1216, pole view)', arctic]] as const) {
      console.log(`| ${name} | ${s.n} | ${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)}) | ${(s.median / sector.median).toFixed(2)} |`);
    }
    const out = join(repoRoot, 'bench/out');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'arctic-frame.json'), JSON.stringify({ load, frames, sector, arctic }, null, 2));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
