/**
 * How fast the link is, from the worker's own completed downloads: the one place a body's timing becomes the
 * link's rate, which decides the previews (preview.ts) and slices or the whole file (link-decision.ts).
 *
 * The transfer itself, not the server's think time nor the worker's: the bytes that crossed the wire over the
 * seconds from the body's first byte to its last, as the browser recorded them (Resource Timing's `responseStart` →
 * `responseEnd` and `encodedBodySize`, transfer-timing.ts). A server busy cutting a cold subset, compressing or
 * scoring delays the first byte by seconds; counted, it made a desk on loopback look like a ship (6.8 Mbit/s against
 * a threshold of 8). A worker busy opening a file reads a body late, most of it in one read; timed by its reads, a
 * fresh server's first visit on loopback measured 2.2 Mbit/s. A body from the HTTP cache or the offline copy is
 * not a sample.
 *
 * Where the browser kept no record (Node, a full buffer), the reads are timed: the bytes after the first read over
 * the seconds from the first read to the last (what came with the first read arrived at that moment). A body most
 * of which came with its first read says nothing of the link then (the worker was busy while it arrived): not a
 * sample, rather than a burst taken for a fast link (a ship once skipped its previews so).
 *
 * Smoothed over the last few samples, in seconds per byte (not bytes per second): a burst at memory speed then
 * pulls the estimate only part of the way towards "fast", and the next real sample pulls it back.
 */

import type { Transfer } from './transfer-timing.ts';

/** Bodies smaller than this (bytes) arrive in one or two bursts: their time says little about the rate. */
export const MIN_SAMPLE_BYTES = 16 * 1024;
/** Weight of the newest sample: about the last three downloads count. */
const SMOOTHING = 0.5;
/** Set on answers that came from the offline copy (forecast/offline-fetch.ts): they say nothing of the link. */
export const OFFLINE_COPY_HEADER = 'x-ice-offline-copy';
/** Timed by its reads, a body needs at least this share of its bytes after the first read to be a sample. */
export const MIN_TIMED_SHARE = 0.5;

/** How a body read whole in one go arrived (download.ts reports it). */
export interface BodyTiming {
  headers: Headers;
  /** Bytes read (decoded: a compressed body's are more than crossed the wire). */
  decodedBytes: number;
  /** What the browser recorded of its transfer (transfer-timing.ts); null where it kept no record. */
  transfer?: Transfer | null;
  /** Decoded bytes of the first read: they arrived with the first byte. */
  firstChunkBytes: number;
  /** From the first byte's read to the last byte's, s. */
  seconds: number;
}

export class LinkRate {
  private secondsPerByte: number | null = null;

  /**
   * One completed body: its recorded transfer, else its reads. Ignored when it came from a cache (the offline
   * copy, the HTTP cache), when its size on the wire is unknown or small, or, timed by its reads, when most of it
   * came with the first read.
   */
  record(body: BodyTiming): void {
    if (body.headers.has(OFFLINE_COPY_HEADER) || body.transfer === 'cached') return;
    if (body.transfer) {
      this.recordBytes(body.transfer.wireBytes, body.transfer.wireBytes, body.transfer.seconds);
      return;
    }
    const wire = wireBytes(body.headers, body.decodedBytes);
    if (wire === null || body.decodedBytes <= 0) return;
    const timedShare = Math.max(0, body.decodedBytes - body.firstChunkBytes) / body.decodedBytes;
    if (timedShare < MIN_TIMED_SHARE) return;
    // The wire bytes after the first read, in proportion to the decoded ones (a compressed stream's are even).
    this.recordBytes(wire, wire * timedShare, body.seconds);
  }

  /**
   * A sample of `wireBytes` as sent of which `timedBytes` arrived over `seconds` (the rest with the first byte).
   * Bodies under MIN_SAMPLE_BYTES say little: ignored.
   */
  recordBytes(wireBytes: number, timedBytes: number, seconds: number): void {
    if (!(wireBytes >= MIN_SAMPLE_BYTES) || !(seconds >= 0) || !(timedBytes >= 0)) return;
    const sample = timedBytes > 0 ? seconds / timedBytes : 0;
    this.secondsPerByte = this.secondsPerByte === null ? sample : SMOOTHING * sample + (1 - SMOOTHING) * this.secondsPerByte;
  }

  /**
   * A rate measured on this link before (an earlier page of this browser), bytes/s: the estimate until this
   * worker's first sample, with which it is then smoothed like any other. Ignored once a sample is in. A page
   * reloaded on a permalink otherwise opens its files from the offline copy, which says nothing of the link, and a
   * fast desk was served slice by slice as if nothing were known.
   */
  seed(bytesPerSecond: number): void {
    if (this.secondsPerByte !== null || !(bytesPerSecond > 0)) return;
    this.secondsPerByte = Number.isFinite(bytesPerSecond) ? 1 / bytesPerSecond : 0;
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
