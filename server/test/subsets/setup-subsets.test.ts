/**
 * The slow-link services hang on each app (`app.subsetWarmer`, `app.requestQuiet`), not on the process: a second
 * app (a test's, another server in one process) has its own, and its clients hold back only its own warmer.
 */
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.ts';

describe('the subset warmer and the request-quiet timer', () => {
  it('are one per app, and a request is heard by its own app only', async () => {
    const { app: busy } = await makeApp();
    const { app: idle } = await makeApp();
    expect(busy.subsetWarmer).not.toBe(idle.subsetWarmer);
    expect(busy.requestQuiet).not.toBe(idle.requestQuiet);
    await busy.inject({ url: '/api/v1/health' });
    // The idle app's clients have said nothing: quiet at once; the busy one's waits (here at most 2 s).
    const first = await Promise.race([
      idle.requestQuiet.quiet(60_000, 2_000).then(() => 'idle'),
      busy.requestQuiet.quiet(60_000, 2_000).then(() => 'busy'),
    ]);
    expect(first).toBe('idle');
  });
});
