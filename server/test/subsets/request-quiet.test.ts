import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestQuiet } from '../../src/subsets/request-quiet.ts';

afterEach(() => vi.useRealTimers());

describe('waiting for the clients to go quiet', () => {
  it('goes on once no request has come for the quiet time, and waits again for one that came meanwhile', async () => {
    vi.useFakeTimers();
    const quiet = new RequestQuiet(() => Date.now());
    quiet.heard();
    let done = false;
    void quiet.quiet(1000, 5000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(600);
    quiet.heard(); // a switch: the quiet second starts again
    await vi.advanceTimersByTimeAsync(900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(done).toBe(true);
  });

  it('never waits longer than the longest wait, however busy the clients are', async () => {
    vi.useFakeTimers();
    const quiet = new RequestQuiet(() => Date.now());
    let done = false;
    const heard = setInterval(() => quiet.heard(), 200);
    quiet.heard();
    void quiet.quiet(1000, 5000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(done).toBe(true);
    clearInterval(heard);
  });

  it('does not wait when nothing has been heard', async () => {
    const quiet = new RequestQuiet();
    await expect(quiet.quiet(1000, 5000)).resolves.toBeUndefined();
  });
});
