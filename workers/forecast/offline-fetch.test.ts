/**
 * The decode worker's fetch with an offline copy: a body that breaks off reaches the reader byte for byte
 * before the error (so `download` resumes from there, not from 0), is not kept, and a whole body is kept and
 * answers when the network is gone. Cache Storage is a small in-memory stand-in; the network is fakeFetch.
 */
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../common/testing/fake-fetch.ts';
import { FORECAST_CACHE } from '../../browser/offline/forecast-cache.ts';
import { download } from './download.ts';
import { offlineFetch } from './offline-fetch.ts';

function memoryStorage(): CacheStorage & { keys(name: string): string[] } {
  const caches = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    if (!caches.has(name)) caches.set(name, new Map());
    const entries = caches.get(name)!;
    return {
      match: async (key: string) => entries.get(key)?.clone(),
      put: async (key: string, response: Response) => void entries.set(key, new Response(await response.arrayBuffer(), response)),
      delete: async (key: string) => entries.delete(key),
    };
  };
  return { open: async (name: string) => open(name), keys: (name: string) => [...(caches.get(name)?.keys() ?? [])] } as unknown as CacheStorage & {
    keys(name: string): string[];
  };
}

const FILE = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 251);
const URL_ = 'http://app.test/api/v1/forecast/hist?date=2026-11-24&variables=sithick_GLORYS&lead=24';
const HEADERS = { 'content-length': String(FILE.length), etag: '"v1"', 'last-modified': 'Tue, 24 Nov 2026 06:00:00 GMT' };

/** A 200 whose body gives `cut` bytes in two chunks, queued at once, then fails as a dropped link does. */
function brokenAnswer(cut: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(FILE.slice(0, cut / 2));
      controller.enqueue(FILE.slice(cut / 2, cut));
    },
    pull(controller) {
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: HEADERS });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('offlineFetch', () => {
  it('passes every byte received before a dropped link to the reader, which resumes from there; keeps only whole answers', async () => {
    const storage = memoryStorage();
    const network = fakeFetch((request) => {
      const range = request.headers.get('range');
      if (!range) return brokenAnswer(1200);
      const from = Number(/^bytes=(\d+)-$/.exec(range)![1]);
      return new Response(FILE.slice(from), {
        status: 206,
        headers: { ...HEADERS, 'content-length': String(FILE.length - from), 'content-range': `bytes ${from}-${FILE.length - 1}/${FILE.length}` },
      });
    });
    const fetchWithCopy = offlineFetch({ network: network.fetch, storage, estimate: async () => ({}) });
    const bytes = await download(URL_, new AbortController().signal, undefined, fetchWithCopy);
    expect(bytes).toEqual(FILE);
    expect(network.requests.map((r) => r.headers.get('range'))).toEqual([null, 'bytes=1200-']);
    expect(network.requests[1].headers.get('if-range')).toBe(HEADERS['last-modified']);
    await settle();
    // The broken answer is not kept under the file's URL; the rest is kept under its range's key only.
    expect(storage.keys(FORECAST_CACHE).filter((key) => key === URL_)).toEqual([]);
  }, 10_000);

  it('keeps a whole answer and gives it back when the network fails', async () => {
    const storage = memoryStorage();
    let online = true;
    const network = fakeFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(FILE, { status: 200, headers: HEADERS });
    });
    const fetchWithCopy = offlineFetch({ network: network.fetch, storage, estimate: async () => ({}) });
    expect(await download(URL_, new AbortController().signal, undefined, fetchWithCopy)).toEqual(FILE);
    await settle();
    expect(storage.keys(FORECAST_CACHE)).toEqual([URL_]);
    online = false;
    expect(await download(URL_, new AbortController().signal, undefined, fetchWithCopy)).toEqual(FILE);
  });

  it('asks again for an answer whose body broke off before its first byte', async () => {
    let first = true;
    const network = fakeFetch(() => {
      if (!first) return new Response(FILE, { status: 200, headers: HEADERS });
      first = false;
      return brokenAnswer(0);
    });
    const bytes = await download(URL_, new AbortController().signal, undefined, offlineFetch({ network: network.fetch, storage: memoryStorage(), estimate: async () => ({}) }));
    expect(bytes).toEqual(FILE);
    expect(network.requests.map((r) => r.headers.get('range'))).toEqual([null, null]);
  }, 10_000);

  it('asks the server before answering from a copy it must revalidate (no-cache: an analysis), and gives the copy only offline', async () => {
    const storage = memoryStorage();
    let served = { body: FILE, etag: '"a1"' };
    let online = true;
    const network = fakeFetch((request) => {
      if (!online) throw new TypeError('Failed to fetch');
      if (request.headers.get('if-none-match') === served.etag) return new Response(null, { status: 304, headers: { etag: served.etag } });
      return new Response(served.body, { status: 200, headers: { etag: served.etag, 'cache-control': 'private, no-cache' } });
    });
    const fetchWithCopy = offlineFetch({ network: network.fetch, storage, estimate: async () => ({}) });
    const get = () => download(URL_, new AbortController().signal, undefined, fetchWithCopy);
    expect(await get()).toEqual(FILE);
    await settle();
    // Unchanged: a 304, the copy's bytes.
    expect(await get()).toEqual(FILE);
    expect(network.requests.at(-1)!.headers.get('if-none-match')).toBe('"a1"');
    // Replaced under the same URL: the new bytes at once, and kept.
    const replaced = FILE.map((b) => 255 - b);
    served = { body: replaced, etag: '"a2"' };
    expect(await get()).toEqual(replaced);
    await settle();
    online = false;
    expect(await get()).toEqual(replaced);
  });
});
