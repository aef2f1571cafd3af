/**
 * What the slow-link benches (slow-link.bench.ts, preview-switch.bench.ts) set up before timing anything: the
 * real server with one demo day, a session, that day's date, and every subset the app asks for (each variable
 * alone and the drift's pair, at each lead, full and stride-2 preview), made once so the server's brotli 11 is
 * not timed; and Chromium with the tile host unresolvable (a ship reaches our server only), rather than
 * `context.route`, which turns the HTTP cache off. `region: 'arctic'`: the whole Arctic's demo day too, and its
 * file and subsets (`&region=arctic`) made instead.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, sessionCookies, startServer, type RunningServer } from '../tests/e2e/harness.ts';

export const SLICE_VARIABLES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];

export type BenchRegion = 'sector' | 'arctic';

export interface SlowLinkSetup {
  server: RunningServer;
  browser: Browser;
  cookies: Array<{ name: string; value: string }>;
  date: string;
  /** The headers a request of the bench's own (not the page's) carries: the session and brotli. */
  header: Record<string, string>;
}

/**
 * Ask for `url` until the server answers it in brotli 11 (true), or until `until` (ms since the epoch; false): a
 * subset not made yet is answered at once in brotli 4 and made in brotli 11 in the background (its ETag then
 * without the quick copy's `-br4`), so that runs meet the copies a warmed server keeps. Bounded: after the subset
 * store's change (one copy per subset, cold cuts kept in memory) the slow-link set-up once saw none made in four
 * minutes at load 0.3 and waited for ever; the runs then meet the quick copies (more bytes, so the figures err slow).
 */
export async function madeInBrotli11(url: string, header: Record<string, string>, until = Date.now() + 20_000): Promise<boolean> {
  for (;;) {
    const reply = await fetch(url, { headers: header });
    await reply.arrayBuffer();
    if (!/-br4"$/.test(reply.headers.get('etag') ?? '')) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function setUpSlowLinkBench(log: (text: string) => void, region: BenchRegion = 'sector'): Promise<SlowLinkSetup> {
  const arctic = region === 'arctic';
  // The whole Arctic's demo day (≈ 210 MB, tens of seconds) only when asked, as bench:switch builds it.
  const env: Record<string, string> = { DEMO_DAYS: '1', ...(arctic ? { DEMO_ARCTIC_DAYS: '1', CYCLE_REGIONS: 'sector,arctic' } : {}) };
  const server = await startServer({ env, readyTimeoutMs: 600_000 });
  const browser = await launchBrowser(['--host-resolver-rules=MAP gibs.earthdata.nasa.gov ~NOTFOUND']);
  const cookies = await sessionCookies(server.url);
  const header = { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'accept-encoding': 'br' };
  const regionQuery = arctic ? '&region=arctic' : '';
  let dates: string[] = [];
  for (let i = 0; i < 600 && dates.length === 0; i++) {
    dates = ((await (await fetch(`${server.url}/api/v1/forecast/info${arctic ? '?region=arctic' : ''}`, { headers: header })).json()) as { available_dates: string[] }).available_dates;
    if (dates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const date = dates[dates.length - 1];
  log(`server ready, date ${date}${arctic ? ', region arctic' : ''}; making the subsets and previews`);
  const file = `${server.url}/api/v1/forecast/hist?date=${date}${regionQuery}`;
  await (await fetch(file, { headers: header })).arrayBuffer(); // the whole file's compressed copy (the peer's)
  // One minute for all of them at most (a warmed server makes one in 1.5–4 s).
  const until = Date.now() + 60_000;
  let made = 0;
  let asked = 0;
  for (const lead of [24, 48, 72]) {
    for (const variables of [...SLICE_VARIABLES, `${SLICE_VARIABLES[2]},${SLICE_VARIABLES[3]}`]) {
      for (const stride of ['', '&stride=2']) {
        asked += 1;
        if (await madeInBrotli11(`${file}&variables=${encodeURIComponent(variables)}&lead=${lead}${stride}`, header, until)) made += 1;
      }
    }
  }
  log(`setup done: ${made} of ${asked} subsets in brotli 11, the rest in the quick encoding`);
  return { server, browser, cookies, date, header };
}
