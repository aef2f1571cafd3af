/**
 * Decides when the base tiles have failed: several tile errors before any tile arrived, or no tile at all
 * within a timeout. Pure logic with injectable timers, so tests can drive it without a map.
 */
import { TILE_ERROR_LIMIT, TILE_TIMEOUT_MS } from './map-config.ts';

export interface BasemapWatchdogOptions {
  onFail: (reason: 'errors' | 'timeout') => void;
  errorLimit?: number;
  timeoutMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class BasemapWatchdog {
  private errors = 0;
  private settled = false;
  private readonly timer: unknown;
  private readonly options: Required<BasemapWatchdogOptions>;

  constructor(options: BasemapWatchdogOptions) {
    this.options = {
      errorLimit: TILE_ERROR_LIMIT,
      timeoutMs: TILE_TIMEOUT_MS,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.timer = this.options.setTimer(() => this.fail('timeout'), this.options.timeoutMs);
  }

  /** A tile arrived: the tiles work, stop watching. */
  tileLoaded(): void {
    if (this.settled) return;
    this.settled = true;
    this.options.clearTimer(this.timer);
  }

  tileFailed(): void {
    if (this.settled) return;
    this.errors += 1;
    if (this.errors >= this.options.errorLimit) this.fail('errors');
  }

  dispose(): void {
    this.settled = true;
    this.options.clearTimer(this.timer);
  }

  private fail(reason: 'errors' | 'timeout'): void {
    if (this.settled) return;
    this.settled = true;
    this.options.clearTimer(this.timer);
    this.options.onFail(reason);
  }
}
