/**
 * Download a file as bytes with progress (bytes received / total) and cancellation. Progress is reported
 * per network chunk, at most every `PROGRESS_INTERVAL_MS`, and once more at the end.
 *
 * Resume: when the body breaks off (a dropped satellite link) after some bytes, the rest is asked
 * for with `Range: bytes=<received>-` and `If-Range` (the Last-Modified date, valid whatever the encoding, or
 * else the ETag of an identity answer), up to RESUME_ATTEMPTS times with a growing pause. The server answers
 * ranges of the file's own bytes (identity), which are the decoded bytes received so far even when the first
 * answer came compressed. A 200 instead of 206 (the file changed) starts over from that answer. A body that breaks
 * off before its first byte is read is asked for again whole, the same number of times.
 *
 * `onBody` (the link's rate, forecast/link-rate.ts) hears of a body read whole in one go (not after a resume): its
 * headers, its decoded bytes, what the browser recorded of its transfer (transfer-timing.ts: first byte to last on
 * the network's clock) and, for where there is no such record, how the reads got it over time (`BodyTiming`): that
 * clock starts at the body's first read, not at the request or the headers, so the server's think time (cutting a
 * subset, a busy event loop before the first chunk) is not taken for the link's.
 */
import type { DownloadProgress } from '../forecast.api.ts';
import { abortError, DownloadError } from '../worker-errors.ts';
import { OFFLINE_COPY_HEADER, type BodyTiming } from './link-rate.ts';
import { plainClock, transferOf, type TransferClock } from './transfer-timing.ts';

const PROGRESS_INTERVAL_MS = 50; // enough for a smooth progress bar without flooding the page
const RESUME_ATTEMPTS = 5; // a link that drops more often than this per file is not usable anyway
const RESUME_PAUSE_MS = 1000; // first pause before asking for the rest; doubles each time

export async function download(
  url: string,
  signal: AbortSignal,
  onProgress: ((progress: DownloadProgress) => void) | undefined,
  fetchImpl: typeof fetch,
  onBody?: (timing: BodyTiming) => void,
  clock: TransferClock = plainClock, // tests pass one their fake link advances
): Promise<Uint8Array> {
  if (signal.aborted) throw abortError();
  const requestedAt = clock.now();
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new DownloadError(`download of ${url} failed: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  if (!response.ok) throw new DownloadError(`download of ${url} failed: HTTP ${response.status}`, response.status);
  // When the body's first bytes were read and how many came with them (ms, decoded bytes).
  let firstRead: { at: number; bytes: number } | null = null;
  const complete = async (bytes: number): Promise<void> => {
    if (!onBody) return;
    const lastByteAt = clock.now();
    const first = firstRead ?? { at: lastByteAt, bytes };
    // The offline copy's answer crossed no link: no record to wait for.
    const transfer = response.headers.has(OFFLINE_COPY_HEADER) ? null : await transferOf(clock, url, requestedAt);
    try {
      onBody({ headers: response.headers, decodedBytes: bytes, transfer, firstChunkBytes: first.bytes, seconds: (lastByteAt - first.at) / 1000 });
    } catch {
      // a listener's failure must not fail the download
    }
  };
  // A compressed body's Content-Length counts compressed bytes, while we count decoded ones: total unknown.
  const length = Number(response.headers.get('content-length'));
  const total = response.headers.get('content-encoding') || !Number.isFinite(length) || length <= 0 ? null : length;
  const report = (loaded: number): void => {
    if (!onProgress) return;
    try {
      void Promise.resolve(onProgress({ loaded, total })).catch(() => undefined);
    } catch {
      // a progress listener's failure must not fail the download
    }
  };
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    report(bytes.length);
    await complete(bytes.length);
    return bytes;
  }
  // With a known length, fill one buffer; otherwise (or if the server sends more) collect chunks and join.
  let target: Uint8Array | null = total !== null ? new Uint8Array(total) : null;
  let chunks: Uint8Array[] = [];
  let loaded = 0;
  let lastReport = 0;
  report(0);
  const validator = response.headers.get('last-modified') ?? (response.headers.get('content-encoding') ? null : response.headers.get('etag'));
  let body: ReadableStream<Uint8Array> = response.body;
  let resumes = 0;
  for (;;) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (resumes === 0 && loaded === 0 && value.length > 0) firstRead = { at: clock.now(), bytes: value.length };
        if (target && loaded + value.length > target.length) {
          chunks.push(target.subarray(0, loaded));
          target = null;
        }
        if (target) target.set(value, loaded);
        else chunks.push(value);
        loaded += value.length;
        const wallMs = Date.now();
        if (wallMs - lastReport >= PROGRESS_INTERVAL_MS) {
          lastReport = wallMs;
          report(loaded);
        }
      }
      break;
    } catch (error) {
      if (signal.aborted) throw abortError();
      const reason = `download of ${url} broke off after ${loaded} bytes: ${error instanceof Error ? error.message : String(error)}`;
      // Nothing read yet (the link dropped right after the headers): ask again from the start, as a resume from
      // byte 0 needs no validator. Part read and no validator: the rest cannot be matched to it.
      if (!validator && loaded > 0) throw new DownloadError(reason, 0);
      let rest: Response | null = null;
      while (!rest && resumes < RESUME_ATTEMPTS) {
        rest = await resumeFrom(url, loaded, validator, signal, fetchImpl, RESUME_PAUSE_MS * 2 ** resumes);
        resumes++;
      }
      if (!rest) throw new DownloadError(reason, 0);
      if (rest.status === 200) {
        // The file changed (or ranges are not served): start over from this answer.
        target = null;
        chunks = [];
        loaded = 0;
      }
      body = rest.body!;
    }
  }
  report(loaded);
  if (resumes === 0) await complete(loaded);
  if (target) return loaded === target.length ? target : target.subarray(0, loaded);
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** Ask for the bytes from `offset` on; null when the answer is neither the rest (206) nor the whole file (200). */
async function resumeFrom(
  url: string,
  offset: number,
  validator: string | null,
  signal: AbortSignal,
  fetchImpl: typeof fetch,
  pauseMs: number,
): Promise<Response | null> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, pauseMs);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(abortError())), { once: true });
  });
  let response: Response;
  try {
    const headers: Record<string, string> = offset > 0 && validator ? { range: `bytes=${offset}-`, 'if-range': validator } : {};
    response = await fetchImpl(url, { signal, credentials: 'same-origin', headers });
  } catch {
    if (signal.aborted) throw abortError();
    return null;
  }
  const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '');
  if (response.status === 206 && start && Number(start[1]) === offset && response.body) return response;
  if (response.status === 200 && response.body) return response;
  return null;
}
