/**
 * Download a file as bytes with progress (bytes received / total) and cancellation. Progress is reported
 * per network chunk, at most every `PROGRESS_INTERVAL_MS`, and once more at the end.
 */
import type { DownloadProgress } from '../forecast.api.ts';
import { abortError, DownloadError } from '../worker-errors.ts';

const PROGRESS_INTERVAL_MS = 50; // enough for a smooth progress bar without flooding the page

export async function download(
  url: string,
  signal: AbortSignal,
  onProgress: ((progress: DownloadProgress) => void) | undefined,
  fetchImpl: typeof fetch,
): Promise<Uint8Array> {
  if (signal.aborted) throw abortError();
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new DownloadError(`download of ${url} failed: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  if (!response.ok) throw new DownloadError(`download of ${url} failed: HTTP ${response.status}`, response.status);
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
    return bytes;
  }
  const reader = response.body.getReader();
  // With a known length, fill one buffer; otherwise (or if the server sends more) collect chunks and join.
  let target: Uint8Array | null = total !== null ? new Uint8Array(total) : null;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  let lastReport = 0;
  report(0);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (target && loaded + value.length > target.length) {
        chunks.push(target.subarray(0, loaded));
        target = null;
      }
      if (target) target.set(value, loaded);
      else chunks.push(value);
      loaded += value.length;
      const now = Date.now();
      if (now - lastReport >= PROGRESS_INTERVAL_MS) {
        lastReport = now;
        report(loaded);
      }
    }
  } catch (error) {
    if (signal.aborted) throw abortError();
    throw new DownloadError(`download of ${url} broke off: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  report(loaded);
  if (target) return loaded === target.length ? target : target.subarray(0, loaded);
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
