import { describe, expect, it } from 'vitest';
import { transferOf, type TransferClock, type TransferEntry } from './transfer-timing.ts';

const URL_ = 'https://ice.test/api/v1/forecast/hist?date=2026-03-01&variables=sithick_GLORYS&lead=48';
const entry = (startTime: number, responseStart: number, responseEnd: number, encodedBodySize = 60_000, transferSize = encodedBodySize + 300): TransferEntry => ({
  startTime,
  responseStart,
  responseEnd,
  encodedBodySize,
  transferSize,
});
const clockWith = (entries: TransferEntry[]): TransferClock => ({ now: () => 0, entries: (url) => (url === URL_ ? entries : []) });

describe('transferOf', () => {
  it("reads the newest transfer of the URL asked for since the request: its body's bytes over first byte → last", async () => {
    // An earlier download of the same URL (before the request) does not count; the server's 2 s before the first byte neither.
    const clock = clockWith([entry(100, 200, 300), entry(1000, 3000, 3500, 64_000)]);
    expect(await transferOf(clock, URL_, 1000)).toEqual({ wireBytes: 64_000, seconds: 0.5 });
  });

  it('says a body from the HTTP cache is not the link, and knows nothing without a record', async () => {
    expect(await transferOf(clockWith([entry(10, 11, 12, 60_000, 0)]), URL_, 0)).toBe('cached');
    expect(await transferOf(clockWith([entry(10, 11, 12, 60_000, 320)]), URL_, 0)).toBe('cached'); // revalidated: 304
    expect(await transferOf(clockWith([entry(10, 11, 12)]), URL_, 50)).toBeNull();
    expect(await transferOf({ now: () => 0 }, URL_, 0)).toBeNull();
  });

  it('looks once more after a task, for a record the browser adds just after the body ends', async () => {
    const entries: TransferEntry[] = [];
    const clock = clockWith(entries);
    setTimeout(() => entries.push(entry(5, 6, 16)), 0);
    expect(await transferOf(clock, URL_, 0)).toEqual({ wireBytes: 60_000, seconds: 0.01 });
  });
});
