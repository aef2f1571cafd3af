/**
 * The decode worker's fetch with an offline copy, for a ship whose link drops: every forecast file, subset or
 * header range it downloads is kept in Cache Storage (browser/offline/), bounded by bytes with the least
 * recently used out.
 * A request already held is answered from the copy at once, and revalidated in the background with its ETag
 * (If-None-Match: a 304 moves no body; a new file replaces the copy). With no copy, the network answers; when
 * the network fails and there is a copy, the copy answers.
 *
 * Only GET requests are handled; without Cache Storage (Node tests) this is the plain fetch.
 */
import { cacheKey, cacheLimit, FORECAST_CACHE, RANGE_HEADER, readIndex, writeIndex } from '../../browser/offline/forecast-cache.ts';
import type { CacheIndex } from '../../browser/offline/cache-index.ts';
import { OFFLINE_COPY_HEADER } from './link-rate.ts';

export interface OfflineFetchOptions {
  network?: typeof fetch;
  storage?: CacheStorage;
  /** The origin's storage estimate (navigator.storage.estimate in a worker). */
  estimate?: () => Promise<{ quota?: number }>;
  now?: () => number;
}

function requestParts(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): { url: string; method: string; range: string | null; conditional: boolean } {
  const request = input instanceof Request ? input : null;
  const url = request ? request.url : String(input);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers ?? request?.headers);
  return { url, method, range: headers.get('range'), conditional: headers.has('if-none-match') };
}

/** A copy the server asked to be revalidated before each use (`no-cache`: an analysis, an imported run). */
const mustRevalidate = (copy: Response): boolean => /(^|,)\s*no-cache\b/i.test(copy.headers.get('cache-control') ?? '');

/** A stored copy as the answer it stood for (206 for a range). */
function fromCopy(copy: Response): Response {
  const contentRange = copy.headers.get(RANGE_HEADER);
  const headers = new Headers(copy.headers);
  headers.delete(RANGE_HEADER);
  headers.set(OFFLINE_COPY_HEADER, '1'); // not the link's speed (link-rate.ts)
  if (!contentRange) return new Response(copy.body, { status: 200, headers });
  headers.set('content-range', contentRange);
  return new Response(copy.body, { status: 206, headers });
}

/**
 * Whether the offline copy holds `url` as a whole file (not a range, not a subset: the URL itself). A file a fast
 * link took whole is then read from the copy at once, on the next visit and offline, instead of by slices.
 */
export async function copyHeld(url: string, storage: CacheStorage | undefined = typeof caches === 'undefined' ? undefined : caches): Promise<boolean> {
  if (!storage) return false;
  try {
    return (await (await storage.open(FORECAST_CACHE)).match(cacheKey(url, null), { ignoreVary: true })) !== undefined;
  } catch {
    return false; // storage unavailable: as if nothing were held
  }
}

export function offlineFetch(options: OfflineFetchOptions = {}): typeof fetch {
  const network = options.network ?? ((input, init) => fetch(input, init));
  const storage = options.storage ?? (typeof caches === 'undefined' ? undefined : caches);
  if (!storage) return network;
  const now = options.now ?? Date.now;
  const estimate = options.estimate ?? (async () => (typeof navigator !== 'undefined' && navigator.storage ? navigator.storage.estimate() : {}));
  let chain: Promise<unknown> = Promise.resolve();

  /** Change the index one step at a time (reads and writes of several downloads would otherwise cross). */
  const update = (change: (index: CacheIndex) => string[]): Promise<void> => {
    const step = chain.then(async () => {
      const index = await readIndex(storage, cacheLimit(await estimate().catch(() => null)));
      const evicted = [...index.setLimit(index.limitBytes), ...change(index)];
      if (evicted.length > 0) {
        const cache = await storage.open(FORECAST_CACHE);
        await Promise.all(evicted.map((url) => cache.delete(url)));
      }
      await writeIndex(storage, index);
    });
    chain = step.catch(() => undefined);
    return step;
  };

  const store = async (key: string, response: Response, body: Uint8Array<ArrayBuffer>): Promise<void> => {
    const headers = new Headers(response.headers);
    const contentRange = response.headers.get('content-range');
    if (response.status === 206 && contentRange) headers.set(RANGE_HEADER, contentRange);
    headers.delete('content-range');
    headers.delete('content-encoding'); // the body is stored decoded
    headers.set('content-length', String(body.byteLength));
    const cache = await storage.open(FORECAST_CACHE);
    await cache.put(key, new Response(body, { status: 200, headers }));
    await update((index) => index.add(key, body.byteLength, now()));
  };

  const revalidate = async (url: string, key: string, copy: Response, init: RequestInit | undefined, range: string | null): Promise<void> => {
    const etag = copy.headers.get('etag');
    if (!etag) return;
    const headers = new Headers(init?.headers);
    headers.set('if-none-match', etag);
    if (range) headers.set('if-range', etag);
    const fresh = await network(url, { ...init, headers, priority: 'low' });
    if (fresh.status === 200 || fresh.status === 206) await store(key, fresh, new Uint8Array(await fresh.arrayBuffer()));
  };

  return async (input, init) => {
    const { url, method, range, conditional } = requestParts(input, init);
    // A conditional request (the worker asking whether a file held is still current) wants the server's answer.
    if (method !== 'GET' || conditional) return network(input, init);
    const key = cacheKey(url, range);
    let copy: Response | undefined;
    try {
      copy = await (await storage.open(FORECAST_CACHE)).match(key, { ignoreVary: true });
    } catch {
      copy = undefined; // storage unavailable (private mode, quota): the network alone
    }
    if (copy && mustRevalidate(copy)) {
      // The server may have replaced it under this URL: ask first (a 304 moves no body); the copy only offline.
      const etag = copy.headers.get('etag');
      const headers = new Headers(init?.headers);
      if (etag) headers.set('if-none-match', etag);
      if (etag && range) headers.set('if-range', etag);
      let fresh: Response;
      try {
        fresh = await network(url, { ...init, headers });
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        return fromCopy(copy);
      }
      if (fresh.status === 304) return fromCopy(copy);
      if ((fresh.status !== 200 && fresh.status !== 206) || !fresh.body) return fresh;
      return keepingCopy(fresh, (body) => {
        store(key, fresh, body).catch((error: unknown) => console.warn(`Offline copy of ${url} not kept:`, error));
      });
    }
    if (copy) {
      void update((index) => {
        index.touch(key, now());
        return [];
      }).catch(() => undefined);
      void revalidate(url, key, copy.clone(), init, range).catch(() => undefined);
      return fromCopy(copy);
    }
    const response = await network(input, init);
    if ((response.status !== 200 && response.status !== 206) || !response.body) return response;
    return keepingCopy(response, (body) => {
      store(key, response, body).catch((error: unknown) => console.warn(`Offline copy of ${url} not kept:`, error));
    });
  };
}

/**
 * The answer with its body passed through as the reader asks for it, and `onComplete` called with the whole
 * body once it has all been read. Not `response.clone()`: a clone tees the body, and a tee reads ahead into
 * both branches, so when the link drops the bytes already received are thrown away with the error (the reader
 * sees 0 bytes and cannot resume). Here nothing is read ahead (high-water mark 0), so the reader gets every
 * byte that arrived before the error, and `download` resumes from there. A body that breaks off is not kept.
 */
function keepingCopy(response: Response, onComplete: (body: Uint8Array<ArrayBuffer>) => void): Response {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          const whole = new Uint8Array(size);
          let offset = 0;
          for (const chunk of chunks) {
            whole.set(chunk, offset);
            offset += chunk.length;
          }
          onComplete(whole);
          return;
        }
        chunks.push(value);
        size += value.length;
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
