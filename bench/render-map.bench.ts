/**
 * The forecast map page in headless Chromium against the real server (demo data, 3 days): how long from
 * choosing something to the frame that shows it.
 *
 *  - date or run switch, file not seen before: download (about 30 MB) + decode in the worker + upload + draw;
 *  - date or run switch back to a file seen before: the worker's cache, no download;
 *  - lead or variable switch: a slice of the open file (first time from the worker, again from the page's cache);
 *  - peer in the same run: a plain repaint with nothing changed (MapLibre + deck.gl frame), the floor a switch
 *    cannot beat; lead / variable switches again in Web Mercator, with its own repaint floor.
 * Each time is from the click (in the page, performance.now()) to the end of the first MapLibre 'render' after
 * the page says the new field is on its layers. Median and spread (min–max) of the repetitions.
 *
 * Run: npm run bench:render, or npx tsx bench/render-map.bench.ts after `VITE_TEST_HOOKS=1 npx vite build` (the
 * bench reads window.__forecastMap, which only that build has). Results: stdout and bench/out/render-map.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, repoRoot, signedInMapPage, startServer } from '../tests/e2e/harness.ts';
import { spread } from './spread.ts';

const REPS = Number(process.env.REPS ?? 5);

declare global {
  interface Window {
    __benchSwitch?: (action: () => void, drawnMatch: string) => Promise<number>;
    __benchAct?: (kind: string, target: string) => void;
  }
}

/**
 * Install the in-page timer: run `action`, wait until data-drawn contains `drawnMatch`, then one render.
 * Plain JavaScript text: tsx would wrap named functions in a helper the page does not have.
 */
const TIMER_SOURCE = `
window.__benchSwitch = (action, drawnMatch) => new Promise((resolve) => {
  const map = window.__forecastMap;
  const target = document.querySelector('[data-testid="forecast-map"]');
  const t0 = performance.now();
  action();
  const poll = () => {
    if ((target.dataset.drawn || '').includes(drawnMatch)) {
      map.once('render', () => resolve(performance.now() - t0));
      map.triggerRepaint();
    } else {
      setTimeout(poll, 1);
    }
  };
  poll();
});
window.__benchAct = (kind, target) => {
  if (kind === 'select') {
    const select = document.querySelector('[data-testid="date-select"]');
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, target);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (kind === 'check') {
    document.querySelector('.forecast-sidebar__check input').click();
  } else if (kind === 'click') {
    [...document.querySelectorAll('.forecast-sidebar button')].find((b) => b.textContent === target).click();
  } else {
    window.__forecastMap.triggerRepaint();
  }
};
`;

async function installTimer(page: Page): Promise<void> {
  // page.evaluate, not addScriptTag: the server's CSP refuses inline scripts; DevTools evaluation is not one.
  await page.evaluate(TIMER_SOURCE);
}

async function timeSwitch(page: Page, kind: 'select' | 'click' | 'check' | 'repaint', target: string, drawnMatch: string): Promise<number> {
  return page.evaluate(
    ([k, t, d]) => window.__benchSwitch!(() => window.__benchAct!(k, t), d),
    [kind, target, drawnMatch] as const,
  );
}

async function main(): Promise<void> {
  const server = await startServer({ env: { DEMO_DAYS: '3' } });
  const browser = await launchBrowser();
  try {
    const { page, dates } = await signedInMapPage(browser, server, 3);
    const latest = dates[dates.length - 1];
    await page.goto(`${server.url}/forecasts`);
    await page.waitForFunction(() => document.querySelector('[data-testid="forecast-map"]')?.getAttribute('data-drawn')?.includes('sithick'), null, {
      timeout: 120_000,
    });
    await installTimer(page);
    const results: Record<string, number[]> = { repaint: [], dateFirst: [], dateCached: [], leadFirst: [], leadCached: [], variableFirst: [], variableCached: [] };

    for (let i = 0; i < REPS; i++) results.repaint.push(await timeSwitch(page, 'repaint', '', ''));

    // Uncached files: the other dates of the free run, then every date of the assimilated run.
    const others = dates.slice(0, -1).reverse();
    for (const date of others) results.dateFirst.push(await timeSwitch(page, 'select', date, `date=${date}|sithick_GLORYS|0`));
    results.dateFirst.push(await timeSwitch(page, 'check', '', `assim_forecast/hist?date=${others[others.length - 1]}|`));
    for (const date of [latest, ...others.slice(0, -1)]) {
      results.dateFirst.push(await timeSwitch(page, 'select', date, `assim_forecast/hist?date=${date}|sithick_GLORYS|0`));
    }
    // Cached: back and forth between files already opened.
    for (let i = 0; i < REPS; i++) {
      const date = dates[i % dates.length];
      results.dateCached.push(await timeSwitch(page, 'select', date, `assim_forecast/hist?date=${date}|sithick_GLORYS|0`));
    }
    // Lead and variable: first time per slice comes from the worker, again from the page's slice cache.
    const leads = ['+48h', '+72h', '+24h'];
    const leadIndex: Record<string, number> = { '+24h': 0, '+48h': 1, '+72h': 2 };
    for (const variable of ['sithick_GLORYS', 'sea_ice_fraction_BREMEN']) {
      if (variable !== 'sithick_GLORYS') results.variableFirst.push(await timeSwitch(page, 'click', variable, `|${variable}|0`));
      for (const lead of leads) {
        const sample = await timeSwitch(page, 'click', lead, `|${variable}|${leadIndex[lead]}`);
        (lead === '+24h' ? results.leadCached : results.leadFirst).push(sample);
      }
    }
    for (let i = 0; i < REPS; i++) {
      for (const variable of ['sithick_GLORYS', 'sea_ice_fraction_BREMEN']) {
        results.variableCached.push(await timeSwitch(page, 'click', variable, `|${variable}|0`));
      }
      for (const lead of ['+48h', '+24h']) results.leadCached.push(await timeSwitch(page, 'click', lead, `|sea_ice_fraction_BREMEN|${leadIndex[lead]}`));
    }

    // The same cached switches in Web Mercator (software GL draws the globe several times slower).
    results.mercatorRepaint = [];
    results.mercatorLeadCached = [];
    results.mercatorVariableCached = [];
    await page.evaluate(() => { window.__forecastMap!.setProjection({ type: 'mercator' }); });
    await timeSwitch(page, 'repaint', '', '');
    for (let i = 0; i < REPS; i++) {
      results.mercatorRepaint.push(await timeSwitch(page, 'repaint', '', ''));
      for (const variable of ['sithick_GLORYS', 'sea_ice_fraction_BREMEN']) {
        results.mercatorVariableCached.push(await timeSwitch(page, 'click', variable, `|${variable}|0`));
      }
      for (const lead of ['+48h', '+24h']) {
        results.mercatorLeadCached.push(await timeSwitch(page, 'click', lead, `|sea_ice_fraction_BREMEN|${leadIndex[lead]}`));
      }
    }

    const summary = Object.fromEntries(Object.entries(results).map(([name, values]) => [name, spread(values)]));
    const labels: Record<string, string> = {
      repaint: 'peer: plain repaint, nothing changed',
      dateFirst: 'date / run switch, new file (download + decode + draw)',
      dateCached: 'date / run switch, file seen before',
      leadFirst: 'lead switch, slice from the worker',
      leadCached: 'lead switch, slice seen before',
      variableFirst: 'variable switch, slice from the worker',
      variableCached: 'variable switch, slice seen before',
      mercatorRepaint: 'Mercator — peer: plain repaint',
      mercatorLeadCached: 'Mercator — lead switch, slice seen before',
      mercatorVariableCached: 'Mercator — variable switch, slice seen before',
    };
    console.log('| switch | n | median ms (min–max) | × plain repaint of the same projection |\n|---|---|---|---|');
    for (const [name, s] of Object.entries(summary)) {
      const floor = (name.startsWith('mercator') ? summary.mercatorRepaint : summary.repaint).median;
      console.log(`| ${labels[name]} | ${s.n} | ${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)}) | ${(s.median / floor).toFixed(1)} |`);
    }
    const out = join(repoRoot, 'bench/out');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'render-map.json'), JSON.stringify({ dates, results, summary }, null, 2));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
