import { describe, expect, it, vi } from 'vitest';
import { installOutcome, registerUntilActive, RETRY_DELAYS_MS, type RegistrationLike, type WorkerLike } from './register-until-active.ts';

/** A service worker whose state the test moves on, firing 'statechange' as a browser does. */
class FakeWorker extends EventTarget implements WorkerLike {
  constructor(public state: string) {
    super();
  }
  moveTo(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

const installing = (worker: FakeWorker): RegistrationLike => ({ installing: worker, waiting: null, active: null });

describe('registerUntilActive', () => {
  it('is done at once when the first registration already has an active worker', async () => {
    const again = vi.fn();
    const sleep = vi.fn(async () => undefined);
    await registerUntilActive(async () => ({ installing: null, waiting: null, active: new FakeWorker('activated') }), again, sleep);
    expect(again).not.toHaveBeenCalled();
    expect(sleep).not.toHaveBeenCalled();
  });

  it('registers again after an install that ended redundant, and after a refused script, until one activates', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = new FakeWorker('installing');
    const third = new FakeWorker('installing');
    const sleeps: number[] = [];
    const attempts = [
      async () => {
        throw new TypeError('Failed to fetch the script');
      },
      async () => {
        setTimeout(() => third.moveTo('installed'), 0);
        setTimeout(() => third.moveTo('activating'), 1);
        return installing(third);
      },
    ];
    let calls = 0;
    const done = registerUntilActive(
      async () => {
        setTimeout(() => first.moveTo('redundant'), 0);
        return installing(first);
      },
      () => attempts[calls++](),
      async (ms) => {
        sleeps.push(ms);
      },
    );
    await done;
    expect(calls).toBe(2);
    expect(sleeps).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]]);
  });
});

describe('installOutcome', () => {
  it('is false for a registration with no worker at all, true for a waiting worker that activates', async () => {
    await expect(installOutcome({ installing: null, waiting: null, active: null })).resolves.toBe(false);
    const waiting = new FakeWorker('installed');
    const outcome = installOutcome({ installing: null, waiting, active: null });
    waiting.moveTo('activated');
    await expect(outcome).resolves.toBe(true);
  });
});
