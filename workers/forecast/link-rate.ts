/**
 * How fast the link is (it decides the previews on slow links), from the worker's own completed downloads:
 * the bytes that crossed the wire for a body over the seconds from its response (headers in) to its last byte.
 * The round trip before the response is not in it: it is the same for a preview and a full slice, so it does not
 * decide between them.
 *
 * Smoothed over the last few samples, in seconds per byte (not bytes per second): a body answered from the
 * offline copy or a burst at memory speed then pulls the estimate only part of the way towards "fast", and the
 * next real sample pulls it back.
 */

/** Bodies smaller than this (bytes) arrive in one or two bursts: their time says little about the rate. */
export const MIN_SAMPLE_BYTES = 16 * 1024;
/** Weight of the newest sample: about the last three downloads count. */
const SMOOTHING = 0.5;
/** Set on answers that came from the offline copy (forecast/offline-fetch.ts): they say nothing of the link. */
export const OFFLINE_COPY_HEADER = 'x-ice-offline-copy';

export class LinkRate {
  private secondsPerByte: number | null = null;

  /** One completed body: `wireBytes` as sent (compressed), over `seconds` from its response to its end. */
  record(wireBytes: number, seconds: number): void {
    if (!(wireBytes >= MIN_SAMPLE_BYTES) || !(seconds >= 0)) return;
    const sample = seconds / wireBytes;
    this.secondsPerByte = this.secondsPerByte === null ? sample : SMOOTHING * sample + (1 - SMOOTHING) * this.secondsPerByte;
  }

  /** The estimate in bytes per second; null before any sample, Infinity when every sample took no time. */
  get bytesPerSecond(): number | null {
    if (this.secondsPerByte === null) return null;
    return this.secondsPerByte > 0 ? 1 / this.secondsPerByte : Infinity;
  }

  /** Seconds to move `bytes` at the estimated rate; null before any sample. */
  transferSeconds(bytes: number): number | null {
    return this.secondsPerByte === null ? null : bytes * this.secondsPerByte;
  }
}

/**
 * The bytes a response's body took on the wire: its Content-Length when it came compressed (the body read is
 * the decoded one), else the bytes read. Null when unknown or when the answer is the offline copy's.
 */
export function wireBytes(headers: Headers, decodedBytes: number): number | null {
  if (headers.has(OFFLINE_COPY_HEADER)) return null;
  if (!headers.get('content-encoding')) return decodedBytes;
  const length = Number(headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : null;
}
