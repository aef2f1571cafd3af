/**
 * Telling "the database is not there" (restarting, stopped, unreachable, out of connections) from every other
 * error, so that a request answers 503 with Retry-After instead of 500, and a job waits for the database rather
 * than failing for a reason that is not its own. Both engines: PostgreSQL's connection errors and SQLite's
 * "busy" (another process holds the write lock longer than busy_timeout).
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** What the API answers while the database is away (`{"detail": ...}`), and the seconds it asks a client to wait. */
export { DATABASE_UNAVAILABLE } from '../../../common/api-types/errors.ts';
export const DATABASE_RETRY_S = 5;

/** Socket errors of a connection that could not be made or was cut (Node's codes). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect
 * now: starting or stopping), 53300 (too many connections).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of node-postgres's own errors for a lost or impossible connection (they carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'connection timeout',
];

/** SQLite: another connection holds the lock longer than busy_timeout. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);

/** True when `error` (or an error it wraps as `cause`, or one of an AggregateError's) says the database is away. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08') || SQLITE_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (PG_MESSAGES.some((text) => message.includes(text))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** A short name for the cause, for a reply or a log line (no host, user or password). */
export function unavailableReason(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e && typeof e.code === 'string' && e.code) return e.code;
  return typeof e?.message === 'string' && PG_MESSAGES.some((text) => (e.message as string).includes(text)) ? (e.message as string) : 'unreachable';
}

export interface WaitOptions {
  /** Give up (rethrow the last error) after this long, ms (`Infinity`: never). */
  timeoutMs: number;
  /** Time between tries, ms (default 1000). */
  intervalMs?: number;
  /** Back off: each wait doubles the last, up to this many ms (default: no back-off, `intervalMs` every time). */
  maxIntervalMs?: number;
  signal?: AbortSignal;
  /** Told once per failed try (to log it). */
  onWait?: (error: unknown) => void;
}

/**
 * Run `work`; while it fails because the database is away, try again after `intervalMs` (doubling up to
 * `maxIntervalMs` when given) for up to `timeoutMs`. Any other error, the last unavailable one after the timeout,
 * or any error once `signal` is aborted, is thrown. `work` must be safe to repeat.
 */
export async function whenDatabaseAnswers<T>(work: () => Promise<T>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let interval = options.intervalMs ?? 1000;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline || options.signal?.aborted) throw error;
      options.onWait?.(error);
      await sleep(interval, undefined, options.signal ? { signal: options.signal } : undefined).catch(() => undefined);
      if (options.maxIntervalMs) interval = Math.min(interval * 2, options.maxIntervalMs);
    }
  }
}
