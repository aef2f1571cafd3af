/**
 * Issue 14 in Chromium against the real server: every page runs under the Content-Security-Policy with no
 * violation reported (securitypolicyviolation events and CSP console messages, collected per page), signing
 * out everywhere from one browser ends another browser's session, and the built app does not serve its
 * source maps or README.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForDrawn } from './forecast-map-helpers.ts';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';

let server: RunningServer;
let browser: Browser;

useJourney((started) => ({ server, browser } = started));

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Record CSP violations of every document the context opens, and CSP messages from its console. */
async function watchCsp(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  page.on('worker', (worker) => {
    worker.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) console.push(`worker: ${message.text()}`);
    });
  });
  return async () => [...((await page.evaluate(() => window.__cspViolations ?? [])) as string[]), ...console.splice(0)];
}

describe('the Content-Security-Policy', () => {
  it('lets every page run with no violation', async () => {
    const { context, page } = await newPage(browser);
    try {
      const violations = await watchCsp(context, page);
      // No internet here: tiles fail and the map falls back to the offline basemap, as on a ship.
      await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
      const seen: Record<string, string[]> = {};

      await page.goto(`${server.url}/register`);
      await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
      seen['/register'] = await violations();
      await signIn(page, server.url, demoAccounts.admin);
      seen['/login, /'] = await violations();

      const pages: Array<[string, () => Promise<unknown>]> = [
        ['/forecasts', () => waitForDrawn(page, (drawn) => drawn !== 'none')],
        ['/models', () => page.getByRole('heading', { name: 'Модели' }).waitFor()],
        ['/datasets', () => page.getByRole('heading', { name: 'Датасеты' }).waitFor()],
        ['/verification', () => page.getByRole('heading', { name: 'Проверка прогнозов' }).waitFor()],
        ['/upload', () => page.locator('main h1').waitFor()],
        ['/generate-forecast', () => page.locator('main h1').waitFor()],
        ['/generate-model', () => page.locator('main h1').waitFor()],
        ['/jobs', () => page.getByRole('heading', { name: 'Задания' }).waitFor()],
        ['/account', () => page.getByRole('heading', { name: 'Учётная запись' }).waitFor()],
      ];
      for (const [path, ready] of pages) {
        await page.goto(`${server.url}${path}`);
        await ready();
        // Let late work (workers, tiles, wasm) run into the policy if it is going to.
        await page.waitForTimeout(500);
        seen[path] = await violations();
      }
      // What the NetCDF-4 path needs, checked directly (the demo files are NetCDF-3): compiling WebAssembly
      // in the page and in a worker started from a blob: URL, as h5wasm and the byte-swap module do.
      const wasm = await page.evaluate(async () => {
        const header = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
        await WebAssembly.compile(header);
        const code = 'WebAssembly.compile(new Uint8Array([0,97,115,109,1,0,0,0])).then(() => postMessage("ok"), (e) => postMessage(String(e)))';
        const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
        return new Promise<string>((resolve) => (worker.onmessage = (event) => resolve(String(event.data))));
      });
      expect(wasm).toBe('ok');
      seen['wasm'] = await violations();
      await page.screenshot({ path: screenshotPath('security-csp-account') });
      const reported = Object.entries(seen).filter(([, list]) => list.length > 0);
      expect(reported).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('sessions', () => {
  it("'Выйти на всех устройствах' in one browser ends the session of another", async () => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    try {
      await signIn(first.page, server.url, demoAccounts.user);
      await signIn(second.page, server.url, demoAccounts.user);
      await first.page.getByRole('link', { name: 'test', exact: true }).click();
      await first.page.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
      await first.page.waitForURL(`${server.url}/login`);
      // The other browser still holds its cookie; the server no longer accepts it.
      await second.page.goto(`${server.url}/models`);
      // The sign-in page, with the page it was going to as `redirect` (issue 16).
      await second.page.waitForURL((url) => url.pathname === '/login');
      const status = await second.page.evaluate(async () => (await fetch('/api/v1/users/me')).status);
      expect(status).toBe(401);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});

describe('the built app', () => {
  it('serves neither source maps nor the README', async () => {
    const index = await (await fetch(`${server.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    expect((await fetch(`${server.url}${script}.map`)).status).toBe(404);
    expect((await fetch(`${server.url}/README.md`)).status).toBe(404);
  });
});
