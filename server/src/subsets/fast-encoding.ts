/**
 * The encoding of a subset or preview answered before its brotli 11 copy exists (a cold file: the warmer has not
 * reached it). brotli 11 costs 1.3–4 s of one core for a full slice, so the waiting client gets a quick encoding
 * made in memory, and the brotli 11 copy is made afterwards in the background for the next client.
 *
 * Which quick encoding: `npm run bench:subset-encoding` (bench/README.md) timed identity, gzip 1 and brotli 1–4 on
 * every selection the map asks for and added the transfer: to the last byte, brotli 4 is the soonest at 256 kbit/s
 * (3.4 s mean, against 3.5 s for brotli 2, 4.9 s for gzip 1 and 30 s for identity) and within 2 ms of the soonest
 * at 100 Mbit/s (14 ms, against 12 ms for brotli 2): brotli 4 for clients that take brotli, else gzip 1.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Encoding } from '../archive/file-store.ts';

export interface FastEncoding {
  name: 'identity' | Encoding;
  /** zlib level or brotli quality (0 for identity). */
  level: number;
}

/** The candidates the bench measures. */
export const FAST_ENCODINGS: FastEncoding[] = [
  { name: 'identity', level: 0 },
  { name: 'gzip', level: 1 },
  { name: 'br', level: 1 },
  { name: 'br', level: 2 },
  { name: 'br', level: 3 },
  { name: 'br', level: 4 },
];

/** The quick encoding per accepted encoding (see above). */
export const QUICK: Record<Encoding, FastEncoding> = { br: { name: 'br', level: 4 }, gzip: { name: 'gzip', level: 1 } };

/**
 * Of measured candidates (compression ms, bytes out), the one whose last byte arrives first on a link of
 * `bitsPerSecond` (the round trip is the same for all). Ties go to the earlier candidate.
 */
export function soonestToLastByte<T extends { ms: number; bytes: number }>(candidates: readonly T[], bitsPerSecond: number): T {
  if (candidates.length === 0) throw new RangeError('no candidate encodings');
  const lastByteMs = (c: T) => c.ms + (c.bytes * 8 * 1000) / bitsPerSecond;
  return candidates.reduce((best, c) => (lastByteMs(c) < lastByteMs(best) ? c : best));
}

/**
 * `bytes` compressed quickly, on the calling thread: 2–13 ms for the selections the map asks for (the bench), less
 * than waiting for a thread of libuv's pool (4 threads) while the background's brotli 11 and the whole files'
 * copies occupy it, which cost a cold server's switch seconds.
 */
export function quickCompress(bytes: Uint8Array, encoding: Encoding): Buffer {
  const { level } = QUICK[encoding];
  if (encoding === 'gzip') return gzipSync(bytes, { level });
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

/** The ETag suffix of a quick copy (its own strong validator: other bytes than the brotli 11 copy's). */
export const quickTag = (encoding: Encoding): string => `${encoding}${QUICK[encoding].level}`;
