/**
 * The one HTTP client for the API under /api/v1/. It is the only module that knows the base path, sends the
 * session cookie (credentials: 'include') and copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header of
 * state-changing requests, as the server demands. Every failure becomes an ApiError with a `kind`, so callers
 * switch on kinds instead of parsing messages.
 */

/** The API's base path; every endpoint path below is relative to it (e.g. 'users/me'). */
const API_BASE = '/api/v1/';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

export type ApiErrorKind = 'network' | 'timeout' | 'aborted' | 'status';

/** Messages of the non-status kinds; fixed so that logs and tests can recognise them. */
const apiErrorMessages = {
  network: 'Network Error',
  timeout: 'timeout exceeded',
  aborted: 'Request aborted',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status for kind 'status', otherwise null. */
  readonly status: number | null;
  /** The server's `detail` (a string, or JSON text of a structured detail); null when it sent none. */
  readonly detail: string | null;
  /** Seconds to wait before asking again, from a 429's or 503's `Retry-After`; null without one. */
  readonly retryAfterSeconds: number | null;

  constructor(kind: ApiErrorKind, message: string, status: number | null = null, detail: string | null = null, retryAfterSeconds: number | null = null) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * `Retry-After` as whole seconds from now (RFC 9110 10.2.3: delay-seconds, or an HTTP-date), at least 1; null
 * when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, nowMs: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  const seconds = /^\d+$/.test(text) ? Number(text) : (Date.parse(text) - nowMs) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}

export function isApiError(error: unknown, kind?: ApiErrorKind): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/** True for an ApiError with that HTTP status. */
export function isStatusError(error: unknown, status: number): error is ApiError {
  return error instanceof ApiError && error.kind === 'status' && error.status === status;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended as ?key=value; null and undefined values are left out. */
  query?: Query;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Any other body (FormData for uploads, a Blob ...). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Cancels the request; it then fails with kind 'aborted'. */
  signal?: AbortSignal;
  /** Give up after this many milliseconds (kind 'timeout'). No timeout unless a caller sets one. */
  timeoutMs?: number;
}

const SAFE_METHODS = new Set<HttpMethod>(['GET', 'HEAD']);

/** Path + query relative to the page's origin, e.g. '/api/v1/forecast/hist?date=2026-01-01'. */
function apiPath(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return `${API_BASE}${clean}${text ? `?${text}` : ''}`;
}

/**
 * Absolute URL of an API resource, for code that fetches outside this client (the decode worker downloads
 * forecast files itself: a worker has no page origin to resolve '/api/...' against).
 * Example: apiUrl('forecast/hist', {date: '2026-01-01'}).
 */
export function apiUrl(path: string, query?: Query, origin: string = globalThis.location?.origin ?? ''): string {
  return new URL(apiPath(path, query), origin).href;
}

/** Value of a cookie readable from script, or null. Safe where there is no document (workers, Node). */
function readCookie(name: string): string | null {
  const cookies = typeof document === 'undefined' ? '' : document.cookie;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

function buildInit(options: RequestOptions, method: HttpMethod, signal: AbortSignal): RequestInit {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    // URLSearchParams sets application/x-www-form-urlencoded itself.
    body = new URLSearchParams(options.form);
  }
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return { method, headers, body, credentials: 'include', signal };
}

/** The server's `detail` from an error body, as text; null when the body has none. */
async function readDetail(response: Response): Promise<string | null> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'detail' in body) {
      const detail = (body as { detail: unknown }).detail;
      if (detail === null || detail === undefined) return null;
      return typeof detail === 'string' ? detail : JSON.stringify(detail);
    }
  } catch {
    // Not JSON (a proxy's HTML page): no detail to keep.
  }
  return null;
}

/**
 * Send one request and hand the successful response to `read` (which may consume the body); the timeout and
 * the caller's signal stay armed until `read` finishes, so a stalled body also times out.
 */
async function apiRequest<T>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.form || options.body ? 'POST' : 'GET');
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort();
  const caller = options.signal;
  if (caller?.aborted) throw new ApiError('aborted', apiErrorMessages.aborted);
  caller?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : undefined;

  const failure = (cause: unknown): ApiError => {
    if (cause instanceof ApiError) return cause;
    if (timedOut) return new ApiError('timeout', apiErrorMessages.timeout);
    if (caller?.aborted || controller.signal.aborted) return new ApiError('aborted', apiErrorMessages.aborted);
    return new ApiError('network', apiErrorMessages.network);
  };

  try {
    let response: Response;
    try {
      response = await fetch(apiPath(path, options.query), buildInit(options, method, controller.signal));
    } catch (cause) {
      throw failure(cause);
    }
    if (!response.ok) {
      const detail = await readDetail(response);
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      throw new ApiError('status', detail ?? `Request failed with status code ${response.status}`, response.status, detail, retryAfter);
    }
    try {
      return await read(response);
    } catch (cause) {
      throw failure(cause);
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    caller?.removeEventListener('abort', onCallerAbort);
  }
}

/** A request whose reply is JSON (an empty body reads as null). */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The body is read while the timeout is armed; malformed JSON from our own server is a bug and keeps its
  // SyntaxError rather than posing as a network failure.
  const text = await apiRequest(path, options, (response) => response.text());
  return (text ? JSON.parse(text) : null) as T;
}

/** A request whose reply body does not matter (204, or a small acknowledgement). */
export function apiVoid(path: string, options: RequestOptions = {}): Promise<void> {
  return apiRequest(path, options, async (response) => {
    await response.arrayBuffer();
  });
}
