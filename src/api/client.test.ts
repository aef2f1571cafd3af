import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../testing/fake-api.ts';
import { login } from './auth.ts';
import { ApiError, apiJson, apiUrl, apiVoid, retryAfterSeconds } from './client.ts';

interface Seen {
  url: string;
  init: RequestInit;
}

/** Replace fetch with `reply`, recording what the client passed to it. */
function stubFetch(reply: (seen: Seen) => Promise<Response>): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { url: String(input), init };
      seen.push(call);
      return reply(call);
    }),
  );
  return seen;
}

/** A fetch that never answers and rejects like the browser when its signal aborts. */
function hangingFetch(seen: Seen): Promise<Response> {
  return new Promise((_, reject) => {
    seen.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearCookies();
});

describe('requests', () => {
  it('sends to /api/v1/ with credentials and no XSRF header on GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const seen = stubFetch(async () => Response.json({ id: 7 }));
    await expect(apiJson('users/me', { query: { a: 1, b: undefined, c: 'x y' } })).resolves.toEqual({ id: 7 });
    expect(seen[0].url).toBe('/api/v1/users/me?a=1&c=x+y');
    expect(seen[0].init.credentials).toBe('include');
    expect(seen[0].init.method).toBe('GET');
    expect(new Headers(seen[0].init.headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('copies the XSRF-TOKEN cookie (URL-decoded) into X-XSRF-TOKEN on state-changing requests', async () => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'XSRF-TOKEN=t%2Bk%3D42; path=/';
    const seen = stubFetch(async () => new Response(null, { status: 204 }));
    await apiVoid('auth/jwt/logout', { method: 'POST' });
    await apiJson('things', { method: 'DELETE' });
    for (const call of seen) {
      expect(new Headers(call.init.headers).get('X-XSRF-TOKEN')).toBe('t+k=42');
      expect(call.init.credentials).toBe('include');
    }
  });

  it('sends no XSRF header when there is no cookie', async () => {
    const seen = stubFetch(async () => new Response(null, { status: 204 }));
    await apiVoid('auth/jwt/logout', { method: 'POST' });
    expect(new Headers(seen[0].init.headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('posts the login form url-encoded with the email as username', async () => {
    const seen = stubFetch(async () => new Response(null, { status: 204 }));
    await login('a@b.c', 'p&ss word');
    expect(seen[0].url).toBe('/api/v1/auth/jwt/login');
    expect(seen[0].init.method).toBe('POST');
    const body = seen[0].init.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('username=a%40b.c&password=p%26ss+word');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const seen = stubFetch(async () => Response.json({ ok: true }, { status: 201 }));
    await apiJson('auth/register', { method: 'POST', json: { email: 'a@b.c' } });
    expect(new Headers(seen[0].init.headers).get('Content-Type')).toBe('application/json');
    expect(seen[0].init.body).toBe('{"email":"a@b.c"}');
  });

  it('has no default timeout: a reply after 10 minutes still arrives', async () => {
    vi.useFakeTimers();
    stubFetch((seen) => {
      return new Promise((resolve, reject) => {
        seen.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        setTimeout(() => resolve(Response.json({ late: true })), 10 * 60_000);
      });
    });
    const reply = apiJson('slow');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await expect(reply).resolves.toEqual({ late: true });
  });
});

describe('errors', () => {
  it('maps a failed connection to kind network, "Network Error"', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failureOf(apiJson('users/me'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeNull();
  });

  it('maps a caller timeout to kind timeout, "timeout exceeded"', async () => {
    stubFetch(hangingFetch);
    const error = await failureOf(apiJson('users/me', { timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('timeout exceeded');
  });

  it('times out while the body is still arriving', async () => {
    stubFetch(async (seen) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"partial":'));
          seen.init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200 });
    });
    const error = await failureOf(apiJson('big', { timeoutMs: 30 }));
    expect(error.kind).toBe('timeout');
  });

  it('maps an abort by the caller to kind aborted, "Request aborted"', async () => {
    stubFetch(hangingFetch);
    const controller = new AbortController();
    const pending = apiJson('users/me', { signal: controller.signal });
    controller.abort();
    const error = await failureOf(pending);
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('Request aborted');
  });

  it('does not send a request whose signal is already aborted', async () => {
    const seen = stubFetch(async () => Response.json({}));
    const error = await failureOf(apiJson('users/me', { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(seen).toHaveLength(0);
  });

  it('keeps the status and the server detail of a non-2xx reply', async () => {
    stubFetch(async () => Response.json({ detail: 'LOGIN_BAD_CREDENTIALS' }, { status: 400 }));
    const error = await failureOf(login('a@b.c', 'nope'));
    expect(error.kind).toBe('status');
    expect(error.status).toBe(400);
    expect(error.detail).toBe('LOGIN_BAD_CREDENTIALS');
    expect(error.message).toBe('LOGIN_BAD_CREDENTIALS');
  });

  it('keeps a structured detail as JSON text', async () => {
    stubFetch(async () => Response.json({ detail: [{ loc: ['body', 'email'], msg: 'bad' }] }, { status: 422 }));
    const error = await failureOf(apiJson('auth/register', { method: 'POST', json: {} }));
    expect(error.status).toBe(422);
    expect(JSON.parse(error.detail ?? 'null')).toEqual([{ loc: ['body', 'email'], msg: 'bad' }]);
  });

  it('reports a status error without detail when the body is not JSON', async () => {
    stubFetch(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await failureOf(apiJson('users/me'));
    expect(error.kind).toBe('status');
    expect(error.status).toBe(502);
    expect(error.detail).toBeNull();
    expect(error.message).toBe('Request failed with status code 502');
  });
});

describe('apiUrl', () => {
  it('builds absolute URLs for files the worker downloads', () => {
    expect(apiUrl('forecast/hist', { date: '2026-01-15', model_id: 3 }, 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/api/v1/forecast/hist?date=2026-01-15&model_id=3',
    );
    expect(apiUrl('/report/info', undefined, 'https://ice.example')).toBe('https://ice.example/api/v1/report/info');
  });

  it('resolves against the page origin by default', () => {
    expect(apiUrl('health')).toBe(`${window.location.origin}/api/v1/health`);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and an HTTP-date as whole seconds from now (at least 1), and nothing else', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 11:59:00 GMT', now)).toBe(1);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});
