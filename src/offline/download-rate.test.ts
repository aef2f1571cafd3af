import { describe, expect, it } from 'vitest';
import { estimateRate } from './download-rate.ts';

describe('download speed and time left', () => {
  it('gives the speed since the start and the seconds left of a known total', () => {
    expect(estimateRate(64_000, 320_000, 2000)).toEqual({ bytesPerSecond: 32_000, secondsLeft: 8 });
    expect(estimateRate(64_000, null, 2000)).toEqual({ bytesPerSecond: 32_000, secondsLeft: null });
    expect(estimateRate(100, 1000, 3000).secondsLeft).toBe(27); // rounded up
  });

  it('says nothing before a second of data', () => {
    expect(estimateRate(5000, 10_000, 500)).toEqual({ bytesPerSecond: null, secondsLeft: null });
    expect(estimateRate(0, 10_000, 5000)).toEqual({ bytesPerSecond: null, secondsLeft: null });
  });
});
