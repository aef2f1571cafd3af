import { defineConfig } from 'vitest/config';

// Browser journeys against the real server (tsx server/src/server.ts) and Debian's Chromium (playwright-core).
// Once per run, global-setup.ts builds the demo archive and starts the server the files share (journey.ts); a file
// that needs a server of its own starts one on a copy of that archive. Two worker processes take the files in turn
// (no isolation between a worker's files), each with one Chromium for its files. One at a time, the journeys kept
// only 0.4 of the two cores busy (275 s of CPU in 742 s in CI): most of a journey is waiting for a frame, a reply,
// an animation or a throttled link, and a second file's journeys fill those waits.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what the page shows next (a reply, a redraw): vitest's default of 1 s failed journeys on a
    // loaded machine where a password check alone took longer. A hang guard, not a speed check.
    expect: { poll: { timeout: 30_000 } },
  },
});
