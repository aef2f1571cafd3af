/**
 * Slices or the whole file: the worker's choice for a server file once its first slice has arrived. On a fast
 * link (a forecaster's office network) the whole compressed file (about 1.3–2.3 MB) takes a fraction of a second,
 * and every later switch is then served from memory with no request; on a slow one (a ship's satellite link) the
 * slices, previews and background order of sliced-fetcher.ts stay, since the whole file would hold the link for
 * a minute. The rate is the one link-rate.ts measures from the worker's own downloads.
 */
import type { LinkDecision } from '../forecast.api.ts';

/** A link at least this fast fetches the whole file after the first slice, bits/s. */
export const WHOLE_FILE_BITS_PER_SECOND = 8_000_000;
/** So does one on which the whole compressed file would take less than this, s. */
export const WHOLE_FILE_SECONDS = 1.5;

/**
 * The decision from the measured rate (bytes/s; null before any sample, Infinity for samples that took no
 * time) and the estimated wire bytes of the whole file (null when unknown). Not measured: slices (what a slow
 * link needs; a fast one loses little by it).
 */
export function decideLink(bytesPerSecond: number | null, wholeFileBytes: number | null): LinkDecision {
  const bitsPerSecond = bytesPerSecond === null ? null : bytesPerSecond * 8;
  const wholeFileSeconds = bytesPerSecond === null || wholeFileBytes === null ? null : wholeFileBytes / bytesPerSecond;
  const fast =
    (bitsPerSecond !== null && bitsPerSecond >= WHOLE_FILE_BITS_PER_SECOND) || (wholeFileSeconds !== null && wholeFileSeconds < WHOLE_FILE_SECONDS);
  return {
    mode: fast ? 'whole' : 'slices',
    bitsPerSecond: bitsPerSecond === null || Number.isFinite(bitsPerSecond) ? bitsPerSecond : Number.MAX_VALUE,
    wholeFileSeconds,
    thresholdBitsPerSecond: WHOLE_FILE_BITS_PER_SECOND,
    thresholdSeconds: WHOLE_FILE_SECONDS,
    held: false,
  };
}

/** Told of a file's decision now and each time it changes (held, or fallen back to slices). */
export type DecisionListener = (decision: LinkDecision | null) => unknown;

/**
 * The decisions of the files opened slice-first, by key (the one place they are made and changed), and who
 * listens: the page asks once, when its first field is drawn, and hears of each change (no asking back).
 */
export class LinkDecisions {
  private readonly byKey = new Map<string, LinkDecision>();
  private readonly listeners = new Map<string, DecisionListener[]>();

  /** Decide for `key` from the rate measured so far and its whole file's estimated wire bytes. */
  decide(key: string, bytesPerSecond: number | null, wholeFileBytes: number | null): LinkDecision {
    if (this.byKey.size >= 64) {
      this.byKey.clear();
      this.listeners.clear();
    }
    const decision = decideLink(bytesPerSecond, wholeFileBytes);
    this.byKey.set(key, decision);
    return decision;
  }

  /** A copy of `key`'s decision; null for files not opened slice-first. */
  get(key: string): LinkDecision | null {
    const decision = this.byKey.get(key);
    return decision ? { ...decision } : null;
  }

  /** Tell `listener` of `key`'s decision now and of every later change. */
  listen(key: string, listener: DecisionListener): void {
    const listeners = this.listeners.get(key) ?? [];
    listeners.push(listener);
    this.listeners.set(key, listeners);
    this.tell(listener, key);
  }

  /** The whole file has arrived and is what `key`'s slices are read from. */
  held(key: string): void {
    this.change(key, (decision) => (decision.held = true));
  }

  /** The whole file did not arrive: `key` goes on by slices. */
  fellBack(key: string): void {
    this.change(key, (decision) => (decision.mode = 'slices'));
  }

  private change(key: string, edit: (decision: LinkDecision) => void): void {
    const decision = this.byKey.get(key);
    if (!decision) return;
    edit(decision);
    for (const listener of this.listeners.get(key) ?? []) this.tell(listener, key);
  }

  private tell(listener: DecisionListener, key: string): void {
    // A page that went away (its comlink proxy rejects) must not break the worker's fetching.
    try {
      void Promise.resolve(listener(this.get(key))).catch(() => undefined);
    } catch {
      // as above, for a listener that throws at once
    }
  }
}
