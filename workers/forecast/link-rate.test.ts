import { describe, expect, it } from 'vitest';
import { LinkRate, MIN_SAMPLE_BYTES, OFFLINE_COPY_HEADER, wireBytes } from './link-rate.ts';

describe('LinkRate', () => {
  it('knows nothing before a sample, ignores bodies too small to time, and smooths the rest', () => {
    const rate = new LinkRate();
    expect(rate.bytesPerSecond).toBeNull();
    expect(rate.transferSeconds(100_000)).toBeNull();
    rate.record(MIN_SAMPLE_BYTES - 1, 10);
    expect(rate.bytesPerSecond).toBeNull();
    rate.record(64_000, 2); // 32 000 B/s
    expect(rate.bytesPerSecond).toBeCloseTo(32_000);
    expect(rate.transferSeconds(128_000)).toBeCloseTo(4);
    // A burst at memory speed pulls the estimate only half way (in seconds per byte), not to "fast".
    rate.record(1_000_000, 0);
    expect(rate.bytesPerSecond).toBeCloseTo(64_000);
    rate.record(64_000, 2);
    expect(rate.bytesPerSecond).toBeCloseTo(42_667, 0);
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
