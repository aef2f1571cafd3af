/**
 * The one stand-in for `fetch` in unit tests (the app's and the workers'): `fakeFetch(answer)` records every
 * request and lets `answer` reply, so a test replaces only the network boundary and the code under test runs
 * unchanged. The app's helpers build on it (src/testing/fake-api.ts: the auth endpoints as the server answers
 * them; src/testing/page-helpers.tsx `fakeApi`: a table of routes); the decode worker's tests serve file bytes
 * with `streamedBytes`. Test code only: type-checked with the tools project (it needs fetch's DOM types).
 */

export interface SeenRequest {
  method: string;
  /** As the caller passed it ('/api/v1/users/me' or an absolute URL). */
  url: string;
  /** Path and query, e.g. '/api/v1/jobs?limit=5'. */
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
  /** The body as text ('' without one). */
  body: string;
}

export interface FakeFetch {
  fetch: typeof fetch;
  requests: SeenRequest[];
}

export function fakeFetch(answer: (request: SeenRequest) => Response | Promise<Response>): FakeFetch {
  const requests: SeenRequest[] = [];
  const fetchFake = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://app.test');
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname + parsed.search,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      signal: init.signal ?? undefined,
      body: init.body === undefined || init.body === null ? '' : String(init.body),
    };
    requests.push(request);
    return answer(request);
  }) as typeof fetch;
  return { fetch: fetchFake, requests };
}

/** A JSON reply (no body when `body` is undefined). */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A 200 reply streaming `bytes` in `chunks` pieces with its Content-Length; `stall` keeps the stream open after the
 * first piece until `signal` aborts (a download cancelled half way).
 */
export function streamedBytes(bytes: Uint8Array, options: { chunks?: number; stall?: boolean; signal?: AbortSignal } = {}): Response {
  const step = Math.ceil(bytes.length / (options.chunks ?? 4));
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.stall && at >= step) {
        return new Promise<void>((_, fail) => options.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError'))));
      }
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + step));
      at += step;
    },
  });
  return new Response(stream, { headers: { 'content-length': String(bytes.length) } });
}
