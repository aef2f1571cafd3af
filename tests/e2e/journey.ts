/**
 * The set-up every journey file repeated: a real server and Chromium for the file's journeys, ready before them
 * and released after them whatever happens. Separate from harness.ts, which the benches import outside vitest.
 *
 * Servers: by default a file uses the run's shared server (global-setup.ts: one server for every file that only
 * reads the demo archive, signs in on its own browser contexts and names what it creates uniquely). A file that
 * changes the server's files or needs other settings asks for its own (`{server: 'own'}`, or any `env`/`dataDir`):
 * a server on a copy of the run's demo archive, ready in seconds, stopped after the file.
 * Browser: one Chromium for the whole run (the journeys run in one worker process, vitest.config.ts); each file's
 * contexts are closed after it, so no cookie, cache or service worker passes from one file to the next.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, startServer, type RunningServer, type ServerOptions } from './harness.ts';

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

export interface JourneyOptions extends ServerOptions {
  /** `shared` (the default without `env` or `dataDir`): the run's server; `own`: a server of this file's own. */
  server?: 'shared' | 'own';
}

let runBrowser: Promise<Browser> | undefined;

/**
 * The run's Chromium, launched on first use (again if it crashed, so one crash fails one file, not the rest).
 * The worker process ends with the run, and playwright closes the browsers it launched when its process exits.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = await runBrowser?.catch(() => undefined);
  if (!current?.isConnected()) runBrowser = launchBrowser();
  return runBrowser!;
}

/** The run's shared server (started by global-setup.ts); `stop` leaves it running for the next file. */
export function sharedServer(): RunningServer {
  const shared = inject('e2eShared');
  return { url: shared.url, dataDir: shared.dataDir, output: () => readFileSync(shared.logFile, 'utf8'), stop: async () => undefined };
}

/** A server of the file's own, on a copy of the run's demo archive unless `dataDir` is given. */
export function ownServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer(options.dataDir ? options : { template: inject('e2eTemplate'), ...options });
}

/**
 * Registers the file's beforeAll/afterAll. `setUp` runs once both are up (take them into the file's variables,
 * open and sign in a shared page, install files); after the last journey the file's browser contexts are closed
 * and its own server (if any) stopped.
 */
export function useJourney(setUp: (journey: Journey) => unknown, options: JourneyOptions = {}): void {
  const { server: kind, ...serverOptions } = options;
  const own = kind === 'own' || options.env !== undefined || options.dataDir !== undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = own ? await ownServer(serverOptions) : sharedServer();
    browser = await sharedBrowser();
    await setUp({ server, browser });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });
}

/** Close every context the file opened (pages, cookies, caches, service workers), leaving the browser up. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close();
}
