/**
 * Speed and time left of a download from its progress over time (a navigator on a slow link wants to
 * know whether to wait). The rate is measured since the download started; the time left needs a known total.
 */
export interface RateEstimate {
  /** Bytes per second since the start; null before a second of data. */
  bytesPerSecond: number | null;
  /** Whole seconds left, rounded up; null when the total or the rate is unknown. */
  secondsLeft: number | null;
}

/** Below this, a rate is mostly the request's latency: wait (ms). */
const MIN_ELAPSED_MS = 1000;

export function estimateRate(loaded: number, total: number | null, elapsedMs: number): RateEstimate {
  if (elapsedMs < MIN_ELAPSED_MS || loaded <= 0) return { bytesPerSecond: null, secondsLeft: null };
  const bytesPerSecond = (loaded * 1000) / elapsedMs;
  const secondsLeft = total !== null && total >= loaded ? Math.ceil((total - loaded) / bytesPerSecond) : null;
  return { bytesPerSecond, secondsLeft };
}
