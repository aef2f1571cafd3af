import { describe, expect, it } from 'vitest';
import { LinkRate, MIN_SAMPLE_BYTES, OFFLINE_COPY_HEADER, wireBytes, type BodyTiming } from './link-rate.ts';

const plain = (decodedBytes: number, firstChunkBytes: number, seconds: number): BodyTiming => ({ headers: new Headers(), decodedBytes, firstChunkBytes, seconds });

describe('LinkRate', () => {
  it('knows nothing before a sample, ignores bodies too small to time, and smooths the rest', () => {
    const rate = new LinkRate();
    expect(rate.bytesPerSecond).toBeNull();
    expect(rate.transferSeconds(100_000)).toBeNull();
    rate.record(plain(MIN_SAMPLE_BYTES - 1, 1000, 10));
    expect(rate.bytesPerSecond).toBeNull();
    rate.record(plain(72_000, 8_000, 2)); // 64 000 B after the first read in 2 s: 32 000 B/s
    expect(rate.bytesPerSecond).toBeCloseTo(32_000);
    expect(rate.transferSeconds(128_000)).toBeCloseTo(4);
    // A burst at memory speed pulls the estimate only half way (in seconds per byte), not to "fast".
    rate.record({ ...plain(1_000_000, 1_000_000, 0), transfer: { wireBytes: 1_000_000, seconds: 0 } });
    expect(rate.bytesPerSecond).toBeCloseTo(64_000);
    rate.record(plain(72_000, 8_000, 2));
    expect(rate.bytesPerSecond).toBeCloseTo(42_667, 0);
  });

  it("takes the browser's record of the transfer over the reads, and no sample from a cache or a body read in one go", () => {
    const rate = new LinkRate();
    // Read late by a busy worker (most of it in the first read): no sample, rather than a fast link.
    rate.record(plain(100_000, 60_000, 0.01));
    expect(rate.bytesPerSecond).toBeNull();
    rate.record({ ...plain(100_000, 100_000, 0), transfer: 'cached' });
    expect(rate.bytesPerSecond).toBeNull();
    // The record: 50 000 wire bytes from first byte to last in 0.5 s, whatever the reads said.
    rate.record({ ...plain(400_000, 400_000, 0), transfer: { wireBytes: 50_000, seconds: 0.5 } });
    expect(rate.bytesPerSecond).toBeCloseTo(100_000);
  });

  it('times a compressed body by its wire bytes after the first read, in proportion to the decoded ones', () => {
    const rate = new LinkRate();
    // 40 000 wire bytes decoded to 400 000, a tenth of them in the first read: 36 000 wire bytes in 1.5 s.
    rate.record({ headers: new Headers({ 'content-encoding': 'br', 'content-length': '40000' }), decodedBytes: 400_000, firstChunkBytes: 40_000, seconds: 1.5 });
    expect(rate.bytesPerSecond).toBeCloseTo(24_000);
    rate.record({ headers: new Headers({ [OFFLINE_COPY_HEADER]: '1' }), decodedBytes: 400_000, firstChunkBytes: 1, seconds: 100 });
    expect(rate.bytesPerSecond).toBeCloseTo(24_000);
  });
});

describe('LinkRate.seed', () => {
  it("is the estimate until the first sample, then smoothed with it; a seed after a sample changes nothing", () => {
    const rate = new LinkRate();
    rate.seed(0);
    expect(rate.bytesPerSecond).toBeNull();
    rate.seed(1_000_000);
    expect(rate.bytesPerSecond).toBeCloseTo(1_000_000);
    rate.seed(5); // a second seed: the first stays
    expect(rate.bytesPerSecond).toBeCloseTo(1_000_000);
    // A slow sample (32 000 B/s) pulls it most of the way, in seconds per byte: 2 / (1e-6 + 3.125e-5) B/s.
    rate.record({ ...plain(72_000, 0, 0), transfer: { wireBytes: 64_000, seconds: 2 } });
    expect(rate.bytesPerSecond).toBeCloseTo(2 / (1e-6 + 1 / 32_000), 0);
    const unlimited = new LinkRate();
    unlimited.seed(Infinity);
    expect(unlimited.bytesPerSecond).toBe(Infinity);
  });
});

describe('wireBytes', () => {
  it('counts a compressed body by its Content-Length, a plain one as read, and the offline copy not at all', () => {
    expect(wireBytes(new Headers({ 'content-encoding': 'br', 'content-length': '52000' }), 1_250_000)).toBe(52_000);
    expect(wireBytes(new Headers({ 'content-encoding': 'br' }), 1_250_000)).toBeNull();
    expect(wireBytes(new Headers({ 'content-length': '1250000' }), 1_250_000)).toBe(1_250_000);
    expect(wireBytes(new Headers({ [OFFLINE_COPY_HEADER]: '1' }), 1_250_000)).toBeNull();
  });
});
