/**
 * How long a body took on the wire, from the browser's own record of the fetch (Resource Timing): `responseStart`
 * (its first byte arrived) → `responseEnd` (its last byte arrived), and `encodedBodySize` (its bytes as sent). The
 * network's clock, not the worker's: a worker busy opening a NetCDF-4 file or decoding reads a body late and in few
 * reads, and timing those reads made loopback look like a 2 Mbit/s link on a fresh server's first visit. Same
 * origin, so no Timing-Allow-Origin is needed for the sizes.
 *
 * Where the browser kept no entry (Node, a buffer that filled up) the caller falls back to timing its own reads
 * (link-rate.ts).
 */

/** The fields of a PerformanceResourceTiming read here (ms on the clock's time origin, bytes). */
export interface TransferEntry {
  startTime: number;
  responseStart: number;
  responseEnd: number;
  encodedBodySize: number;
  /** Headers + body as received; 0 (or less than the body) when the body came from the HTTP cache. */
  transferSize: number;
}

/** The clock downloads are timed with (ms), and, in a browser, its record of each fetch's transfer. */
export interface TransferClock {
  now(): number;
  /** Resource Timing's entries named `url` (absent: no record, the reads are timed instead). */
  entries?(url: string): readonly TransferEntry[];
}

/** What the browser recorded of one download: its wire bytes over its seconds, or that no link carried it. */
export type Transfer = { wireBytes: number; seconds: number } | 'cached';

/** performance.now alone (Node tests, and anything without Resource Timing). */
export const plainClock: TransferClock = { now: () => performance.now() };

/**
 * The browser's clock with its Resource Timing entries (the decode worker's: a worker has its own timeline, and
 * the fetches it makes are recorded there). The entries buffer (250 by default) is emptied when it fills, so a long
 * session of slices keeps its record; an entry is read right after its body has been.
 */
export function resourceTimingClock(): TransferClock {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return plainClock;
  performance.addEventListener?.('resourcetimingbufferfull', () => performance.clearResourceTimings());
  return {
    now: () => performance.now(),
    // Entries are named by the absolute URL; the worker's keys are absolute already, relative ones resolve here.
    entries: (url) => performance.getEntriesByName(new URL(url, globalThis.location?.href).href, 'resource') as PerformanceResourceTiming[],
  };
}

/**
 * Tasks to wait for the record after the body's last read: Chromium adds it a task after the reader's end (seen in a
 * module worker, 2026-11-26), so one is enough; a few more for a thread busy with other tasks.
 */
const RECORD_WAIT_TASKS = 4;

/**
 * The transfer of the download of `url` requested at `requestedAt` (ms on `clock`): the newest entry started since
 * then. Null when there is none (the caller times its reads). A body from the HTTP cache ('cached') says nothing of
 * the link. The entry is looked for again after a task, up to RECORD_WAIT_TASKS times: the browser records it just
 * after the body's end.
 */
export async function transferOf(clock: TransferClock, url: string, requestedAt: number): Promise<Transfer | null> {
  const { entries } = clock;
  if (!entries) return null;
  let found = latestSince(entries(url), requestedAt);
  for (let waited = 0; !found && waited < RECORD_WAIT_TASKS; waited++) {
    await nextTask();
    found = latestSince(entries(url), requestedAt);
  }
  if (!found) return null;
  if (found.transferSize <= 0 || found.transferSize < found.encodedBodySize) return 'cached';
  return { wireBytes: found.encodedBodySize, seconds: Math.max(0, found.responseEnd - found.responseStart) / 1000 };
}

/** Timestamps are coarsened (to 0.1 ms or more): an entry may read as started a little before it was asked for, ms. */
const COARSENING_MS = 1;

function latestSince(entries: readonly TransferEntry[], requestedAt: number): TransferEntry | null {
  let latest: TransferEntry | null = null;
  for (const entry of entries) {
    if (entry.startTime < requestedAt - COARSENING_MS || !(entry.responseEnd > 0) || !(entry.responseStart > 0)) continue;
    if (!latest || entry.startTime >= latest.startTime) latest = entry;
  }
  return latest;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
