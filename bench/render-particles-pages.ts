/**
 * Opens the built stand-alone pages (bench/out/particle-pages, from `vite build --config bench/render-particles.vite.config.ts`) in
 * Chromium without a server: requests to http://pages.local/ are answered from disk by Playwright.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const pagesDir = resolve(import.meta.dirname, 'out/particle-pages');
const ORIGIN = 'http://pages.local';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** A new context + page with `name`.html loaded (query string appended); console errors are collected. */
export async function openPage(
  browser: Browser,
  name: string,
  query: Record<string, string | number> = {},
  viewport = { width: 1280, height: 800 },
  /** Runs on the new context before the page loads (init scripts, for example). */
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  if (!existsSync(join(pagesDir, `${name}.html`))) {
    throw new Error(`${name}.html is not built: run npx vite build --config bench/render-particles.vite.config.ts`);
  }
  const context = await browser.newContext({ viewport });
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = normalize(decodeURIComponent(new URL(route.request().url()).pathname)).replace(/^[/\\]+/, '');
    const file = join(pagesDir, path);
    if (!file.startsWith(pagesDir) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
  });
  await prepare?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  await page.goto(`${ORIGIN}/${name}.html${search ? `?${search}` : ''}`);
  return { context, page, errors };
}
