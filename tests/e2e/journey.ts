/**
 * The set-up every journey file repeated: one real server and one Chromium for the file's journeys, started
 * before them and stopped after them whatever happens. Separate from harness.ts, which the benches import
 * outside vitest.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, startServer, type RunningServer, type ServerOptions } from './harness.ts';

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/**
 * Registers the file's beforeAll/afterAll. `setUp` runs once both are up (take them into the file's variables,
 * open and sign in a shared page, install files); the browser and the server are closed after the last journey.
 */
export function useJourney(setUp: (journey: Journey) => unknown, options: ServerOptions = {}): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
    await setUp({ server, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
