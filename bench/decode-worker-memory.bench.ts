/**
 * `npm run bench:worker-memory`: the decode worker's memory holding one whole forecast file, the whole Arctic's
 * (1792 × 1216 on EPSG:3413; goal ≤ 300 MB) beside the sector's (480 × 1301) in the same run.
 *
 * Each run: a fresh browser context signed in opens /forecasts on loopback (a fast link: the worker takes the whole
 * file after the first field and says so, `data-held`), then the memory of the worker's isolate is read over the
 * DevTools protocol (`Runtime.getHeapUsage` on the worker's target: the JavaScript heap, the embedder's heap and
 * the ArrayBuffers' backing stores, which hold the file and its decoded slices), after a garbage collection
 * (`HeapProfiler.collectGarbage`: what the worker holds, not what it has yet to free). Twice: with the first field
 * shown, then after every variable at every lead has been drawn once (each slice decoded and kept in the worker's
 * cache: the most one file costs). Before the collection the same figures are logged. Median and spread of RUNS.
 * `performance.measureUserAgentSpecificMemory` would need the page cross-origin isolated, which the app is not.
 */
import { loadavg } from 'node:os';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, sessionCookies, startServer } from '../tests/e2e/harness.ts';
import { fieldDrawn } from './field-drawn.ts';
import { spread } from './spread.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const REGIONS = ['arctic', 'sector'] as const;
const VARIABLES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi', 'POLARIS'];
const LEADS = ['+24h', '+48h', '+72h'];
const MB = 1e6;
const log = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/** What the worker holds, bytes: its JavaScript heap, the embedder's and the ArrayBuffers' backing stores. */
const held = (usage: HeapUsage) => usage.usedSize + (usage.embedderHeapUsedSize ?? 0) + (usage.backingStorageSize ?? 0);

/**
 * A protocol client for the page's decode worker: the page's session attaches to its workers (not flattened, so
 * Playwright's own attachment is left alone) and each call goes to the worker's target as a message.
 */
async function workerProtocol(context: BrowserContext, page: Page): Promise<(method: string) => Promise<unknown>> {
  const session: CDPSession = await context.newCDPSession(page);
  const attached: Array<{ sessionId: string; targetInfo: { url: string } }> = [];
  session.on('Target.attachedToTarget', (event) => attached.push(event as (typeof attached)[number]));
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  for (let i = 0; i < 50 && !attached.some((a) => a.targetInfo.url.includes('forecast')); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const worker = attached.find((a) => a.targetInfo.url.includes('forecast'));
  if (!worker) throw new Error(`no decode worker among ${attached.map((a) => a.targetInfo.url).join(', ')}`);
  let id = 0;
  return (method) =>
    new Promise((resolve, reject) => {
      const mine = ++id;
      const listener = (event: { message: string }) => {
        const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
        if (message.id !== mine) return;
        session.off('Target.receivedMessageFromTarget', listener);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      session.on('Target.receivedMessageFromTarget', listener);
      void session.send('Target.sendMessageToTarget', { sessionId: worker.sessionId, message: JSON.stringify({ id: mine, method }) });
    });
}

/** The worker's memory now and after a garbage collection, MB. */
async function measure(call: (method: string) => Promise<unknown>): Promise<{ before: number; after: number }> {
  const before = held((await call('Runtime.getHeapUsage')) as HeapUsage) / MB;
  await call('HeapProfiler.collectGarbage');
  const after = held((await call('Runtime.getHeapUsage')) as HeapUsage) / MB;
  return { before, after };
}

async function run(baseUrl: string, cookies: Array<{ name: string; value: string }>, region: (typeof REGIONS)[number], date: string, browser: Awaited<ReturnType<typeof launchBrowser>>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/forecasts?date=${date}&lead=24&variable=sithick_GLORYS${region === 'arctic' ? '&region=arctic' : ''}`);
    await fieldDrawn(page, '|sithick_GLORYS|0', 'map', { polling: 100, timeoutMs: 300_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="link-decision"]')?.getAttribute('data-held') === 'true', null, { timeout: 300_000 });
    const call = await workerProtocol(context, page);
    const first = await measure(call);
    for (const variable of VARIABLES) {
      await page.locator('.forecast-sidebar button', { hasText: new RegExp(`^${variable}$`) }).click();
      for (const [leadIndex, lead] of LEADS.entries()) {
        await page.locator('.forecast-sidebar button', { hasText: new RegExp(`^\\${lead}$`) }).click();
        await fieldDrawn(page, `|${variable}|${leadIndex}`, 'map', { polling: 100, timeoutMs: 120_000 });
      }
    }
    const every = await measure(call);
    log(`${region}: first field ${first.after.toFixed(1)} MB (${first.before.toFixed(1)} before GC); every field ${every.after.toFixed(1)} MB (${every.before.toFixed(1)} before GC)`);
    return { first: first.after, every: every.after };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const server = await startServer({ env: { DEMO_DAYS: '1', DEMO_ARCTIC_DAYS: '1', CYCLE_REGIONS: 'sector,arctic' }, readyTimeoutMs: 600_000 });
  const browser = await launchBrowser(['--host-resolver-rules=MAP gibs.earthdata.nasa.gov ~NOTFOUND']);
  try {
    const cookies = await sessionCookies(server.url);
    const header = { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
    let date: string | undefined;
    for (let i = 0; i < 600 && !date; i++) {
      date = ((await (await fetch(`${server.url}/api/v1/forecast/info?region=arctic`, { headers: header })).json()) as { available_dates: string[] }).available_dates.at(-1);
      if (!date) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const results: Record<string, { first: number[]; every: number[]; loads: string[] }> = {};
    for (let i = 0; i < RUNS; i++) {
      for (const region of REGIONS) {
        results[region] ??= { first: [], every: [], loads: [] };
        results[region].loads.push(loadavg()[0].toFixed(1));
        const sample = await run(server.url, cookies, region, date!, browser);
        results[region].first.push(sample.first);
        results[region].every.push(sample.every);
      }
    }
    const cell = (values: number[]) => {
      const { median, min, max } = spread(values);
      return `${median.toFixed(0)} (${min.toFixed(0)}–${max.toFixed(0)}) MB`;
    };
    console.log(`RUNS=${RUNS}, date ${date}, median (min–max), after a garbage collection\n`);
    console.log('| region | the whole file held, first field shown | every variable and lead drawn once | 1-min load at each run |');
    console.log('|---|---|---|---|');
    for (const region of REGIONS) console.log(`| ${region} | ${cell(results[region].first)} | ${cell(results[region].every)} | ${results[region].loads.join(', ')} |`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
