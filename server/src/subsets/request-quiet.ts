/**
 * When clients were last heard from, for background work that should not take the CPU while someone waits: the
 * subset warmer (subset-warmer.ts) makes its next brotli 11 copy only after QUIET_MS without a new request, or
 * after MAX_WAIT_MS whatever happens (a busy server still gets its subsets made). A forecaster opening a date
 * asks for the header, the first slice, the map's code and the whole file within a second or two: the warmer
 * then waits, instead of taking a core from the request path (and, on a machine that also runs the browser,
 * from the browser) at the moment that matters.
 */

/** Quiet time before the next background task, ms. */
export const QUIET_MS = 1000;
/** The longest a background task waits for quiet, ms. */
export const MAX_WAIT_MS = 5000;

export class RequestQuiet {
  private lastRequestAt = -Infinity;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A request arrived. */
  heard(): void {
    this.lastRequestAt = this.now();
  }

  /** Resolves once no request has arrived for `quietMs`, or after `maxWaitMs` at the latest. */
  async quiet(quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS): Promise<void> {
    const started = this.now();
    for (;;) {
      const now = this.now();
      const wait = Math.min(this.lastRequestAt + quietMs - now, started + maxWaitMs - now);
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
