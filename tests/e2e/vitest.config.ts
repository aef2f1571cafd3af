import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (tsx server/src/server.ts) and Debian's Chromium (playwright-core).
// Once per run, global-setup.ts builds the demo archive and starts the server the files share (journey.ts); a file
// that needs a server of its own starts one on a copy of that archive. The files run one after another in one
// worker process (no isolation between files), so that they also share one Chromium: the machine has two cores,
// and a server, a browser and a journey already keep both busy (two files at once beside the unit tests was tried:
// CI kept 1.98 of the two cores busy, so there was nothing idle to fill, and two journeys timed out).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what the page shows next (a reply, a redraw): vitest's default of 1 s failed journeys on a
    // loaded machine where a password check alone took longer. A hang guard, not a speed check. It looks every 200 ms,
    // not every 50 (vitest's default): each look is a round trip to the page, ~1.6 ms of CPU in Chromium and Node here,
    // and the waits of a run add up to minutes; what a journey must see step by step it records in the page instead.
    expect: { poll: { timeout: 30_000, interval: 200 } },
  },
});
