import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the real server (tsx server/src/server.ts) on a free port with a
// temporary DATA_DIR and drives Debian's Chromium through playwright-core. Files run one at a time:
// the machine has two cores and each file owns a server and a browser.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
