/**
 * What every browser journey needs: the real API server on a free port with its own temporary data folder,
 * and Debian's Chromium driven by playwright-core. Build the app first (`vite build`): the server serves dist/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for assertions and for debugging a failed journey. */
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface ServerOptions {
  /** Extra environment (DEMO, DEMO_DAYS, ...). */
  env?: Record<string, string>;
  /** Use this data folder (prepared by the test) instead of a fresh temporary one. */
  dataDir?: string;
  /**
   * Start from a copy of this prepared DATA_DIR (the run's demo archive, built once: demo-template.ts) in the fresh
   * temporary folder: the server finds its demo days and metrics in place and is ready in seconds, not a minute.
   */
  template?: string;
  /** Also append everything the server prints to this file (a server shared by other processes). */
  logFile?: string;
  /** How long to wait for the server to answer, ms. */
  readyTimeoutMs?: number;
}

/**
 * The journeys read `window.__forecastMap`, which only a `VITE_TEST_HOOKS=1 vite build` has (src/map/test-hooks.d.ts):
 * say so plainly instead of letting a map journey time out on a plain build.
 */
function assertTestBuild(): void {
  const assets = join(repoRoot, 'dist/assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  if (!scripts.some((name) => readFileSync(join(assets, name), 'utf8').includes('__forecastMap'))) {
    throw new Error('dist/ is a plain build without the test hooks: run `VITE_TEST_HOOKS=1 npx vite build` (npm run test:e2e does)');
  }
}

/** Start `tsx server/src/server.ts` and wait until GET /api/v1/health answers 200. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  assertTestBuild();
  const port = await freePort();
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ice-e2e-'));
  if (options.template) cpSync(options.template, dataDir, { recursive: true });
  // Node with tsx's loader, one process, as `npm run serve` starts it (the `tsx` command would add a second process
  // that kills the server when it does not acknowledge a relayed SIGTERM within 30 ms).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: '1',
        DEMO_DAYS: '2',
        // Region arctic's demo day (≈ 210 MB, tens of seconds here) only where asked: arctic-region.e2e.ts starts its own server with it.
        DEMO_ARCTIC_DAYS: '0',
        // Likewise the cycle's arctic day when a journey starts the cycle ('Загрузить данные на сегодня').
        CYCLE_REGIONS: 'sector',
        LOG_LEVEL: 'warn',
        // Warming subsets (~45 s of one core per file) would compete with the browsers; journeys do not measure switches.
        SUBSET_WARM: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const record = (chunk: Buffer) => {
    log += chunk.toString();
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const reply = await fetch(`${url}/api/v1/health`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Debian Chromium with software WebGL2 (SwiftShader), as ../shared/STACK.md measured; `extraArgs` for
 * benches that need more (e.g. a host resolver rule).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export const demoAccounts = {
  admin: { email: 'admin@demo.local', password: 'demo' },
  superuser: { email: 'super@demo.local', password: 'demo' },
  user: { email: 'test@demo.local', password: 'demo' },
} as const;

/** The session cookies of `account` signed in through the API (benches put them into fresh browser contexts). */
export async function sessionCookies(baseUrl: string, account: { email: string; password: string } = demoAccounts.user): Promise<Array<{ name: string; value: string }>> {
  const reply = await fetch(`${baseUrl}/api/v1/auth/jwt/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: account.email, password: account.password }),
  });
  if (!reply.ok) throw new Error(`login failed: ${reply.status}`);
  return reply.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** A fresh context (its own cookies) and page; alerts are recorded, not blocking. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; alerts: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  // A hang guard for each click, look and navigation, not a speed check: Playwright's 30 s ran out on a loaded
  // two-core machine (the map's first draw in software WebGL beside a server building its archive).
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return { context, page, alerts };
}

/** Sign in through the login form and wait for the dashboard. */
export async function signIn(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('Почта').fill(account.email);
  await page.getByPlaceholder('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/**
 * Run `use` on a fresh page (1280×800, ru-RU; signed in first when `signIn` names an account) and close its
 * browser context whatever happens: the block every journey would otherwise repeat.
 */
export async function withPage<T>(
  browser: Browser,
  use: (opened: { context: BrowserContext; page: Page; alerts: string[] }) => Promise<T>,
  options: { signIn?: { baseUrl: string; account: { email: string; password: string } } } = {},
): Promise<T> {
  const opened = await newPage(browser);
  try {
    if (options.signIn) await signIn(opened.page, options.signIn.baseUrl, options.signIn.account);
    return await use(opened);
  } finally {
    await opened.context.close();
  }
}

/** Screenshots land in tests/e2e/out/ (ignored by git) so a person can look at them. */
export function screenshotPath(name: string): string {
  return join(repoRoot, 'tests/e2e/out', `${name}.png`);
}

/**
 * One module (a path from the repository root) bundled for the browser with esbuild, in memory: the pages and
 * workers that the decode and regrid journeys and benches serve themselves through Playwright routes.
 */
export async function bundleForBrowser(entry: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [join(repoRoot, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    // h5wasm's ESM build mentions Node modules behind an environment check; the browser never loads them.
    external: ['module', 'fs', 'path', 'url', 'crypto', 'worker_threads'],
  });
  return result.outputFiles[0].contents;
}

/**
 * The map benches' start: a page signed in as the demo user, basemap tiles refused (the offline basemap, as with
 * no internet), once the server lists at least `minDates` forecast dates; with those dates, oldest first.
 */
export async function signedInMapPage(
  browser: Browser,
  server: RunningServer,
  minDates: number,
): Promise<{ context: BrowserContext; page: Page; dates: string[] }> {
  const { page, context } = await newPage(browser);
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, server.url, demoAccounts.user);
  let dates: string[] = [];
  while (dates.length < minDates) {
    dates = ((await page.evaluate(async () => (await fetch('/api/v1/forecast/info')).json())) as { available_dates: string[] }).available_dates;
    if (dates.length < minDates) await page.waitForTimeout(500);
  }
  return { context, page, dates };
}

/** A decoded image: RGBA bytes, row-major, `width` × `height`. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * A PNG (a screenshot, an exported map) decoded by the page's own browser, as a person's screen would show it;
 * the pixels come back to the test so it can count and compare them in Node.
 */
export async function decodePng(page: Page, png: Uint8Array): Promise<Pixels> {
  const decoded = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    // Bytes cross as base64 (a plain array of numbers would be ~4 times larger).
    let binary = '';
    for (let k = 0; k < data.length; k += 0x8000) binary += String.fromCharCode(...data.subarray(k, k + 0x8000));
    return { width: image.width, height: image.height, base64: btoa(binary) };
  }, Buffer.from(png).toString('base64'));
  return { width: decoded.width, height: decoded.height, data: new Uint8Array(Buffer.from(decoded.base64, 'base64')) };
}

/** Make the context's pages see a GPU with WebGL2 but without EXT_color_buffer_float (no float render targets). */
export async function hideFloatRenderTargets(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const proto = WebGL2RenderingContext.prototype;
    const getExtension = proto.getExtension;
    const getSupported = proto.getSupportedExtensions;
    proto.getExtension = function (this: WebGL2RenderingContext, name: string) {
      return name === 'EXT_color_buffer_float' ? null : getExtension.call(this, name as 'WEBGL_multi_draw');
    } as typeof proto.getExtension;
    proto.getSupportedExtensions = function (this: WebGL2RenderingContext) {
      return (getSupported.call(this) ?? []).filter((name) => name !== 'EXT_color_buffer_float');
    };
  });
}
