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
