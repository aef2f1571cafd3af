/**
 * A fast link's whole file after its first slice (link-decision.ts 'whole'): wanted when the file opens, put on
 * the link once the page has drawn the first field (so it never delays that field), in the foreground (the page's
 * `linkQuiet` waits for it); it then replaces the partial file in the cache, so every later switch, point series or
 * animation is read from memory with no request. Switches asked for before it arrives fetch their slice as usual.
 * If it fails, the slices' background takes over as on a slow link. One file at a time.
 */
import type { FirstSlice } from '../forecast.api.ts';
import type { FetchScheduler } from './fetch-scheduler.ts';
import type { FileCache } from './file-cache.ts';
import type { LinkDecisions } from './link-decision.ts';
import type { PartialDataset } from './partial-file.ts';
import { cacheWholeFile } from './whole-file.ts';

export interface UpgradeContext {
  cache: FileCache;
  scheduler: FetchScheduler;
  decisions: LinkDecisions;
  /** The partial file cached under `key`, if it still is. */
  partial: (key: string) => PartialDataset | null;
  /** The whole file's bytes, measuring the link. */
  fetchWhole: (key: string, signal: AbortSignal) => Promise<Uint8Array>;
  /** The whole file failed: fetch `key`'s slices in the background instead. */
  fallBack: (key: string, first: FirstSlice) => void;
}

export class WholeUpgrade {
  /** The whole file on its way. */
  private fetching: { key: string; controller: AbortController } | null = null;
  /** The whole file decided on, waiting for the page to draw the first field. */
  private wanted: { key: string; first: FirstSlice } | null = null;

  constructor(private readonly context: UpgradeContext) {}

  /** Another file opens: drop what was wanted or on its way. */
  stop(): void {
    this.fetching?.controller.abort();
    this.fetching = null;
    this.wanted = null;
  }

  /**
   * Take `key` whole once its first field is drawn (`start`). False when it is on its way already (the file opened
   * again meanwhile): nothing new.
   */
  want(key: string, first: FirstSlice): boolean {
    if (this.fetching?.key === key) return false;
    this.stop();
    this.wanted = { key, first };
    return true;
  }

  /** The page drew `key`: put its whole file on the link if wanted. True when it did. */
  start(key: string): boolean {
    const wanted = this.wanted;
    const partial = this.context.partial(key);
    if (wanted?.key !== key || !partial) return false;
    this.wanted = null;
    this.fetch(key, partial, wanted.first);
    return true;
  }

  private fetch(key: string, partial: PartialDataset, first: FirstSlice): void {
    const { cache, scheduler, decisions } = this.context;
    const controller = new AbortController();
    const whole = { key, controller };
    this.fetching = whole;
    void scheduler
      .foreground(async () => {
        const bytes = await this.context.fetchWhole(key, controller.signal);
        // The same download of the file as the partial one it completes (ForecastFileMeta.version).
        const version = cache.get(key)?.meta.version;
        const stillWanted = () => this.context.partial(key) === partial && !controller.signal.aborted;
        if (await cacheWholeFile(cache, key, bytes, { stillWanted, version })) decisions.held(key);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`The whole of ${key} did not arrive; its slices follow one by one:`, error);
        decisions.fellBack(key);
        this.context.fallBack(key, first);
      })
      .finally(() => {
        if (this.fetching === whole) this.fetching = null;
      });
  }
}
