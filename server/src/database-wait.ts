/**
 * A process started while its database is away (a fleet restarted before PostgreSQL, a database host still
 * booting) waits for it instead of exiting: it logs once, tries again with back-off, and starts once the database
 * answers. Meanwhile an API server listens on its port with a stand-in that answers every request 503, health
 * naming the database, so a load balancer or an operator sees why it is not ready rather than a refused
 * connection. The real app is built (migrations, seeding) only once the database answers: nothing is served from
 * a half-built app.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { DATABASE_RETRY_S, DATABASE_UNAVAILABLE, unavailableReason, whenDatabaseAnswers } from './db/unavailable.ts';

/** The first wait between tries and the longest (ms): back at most 5 s after the database is. */
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5000;

export interface WaitForDatabase {
  /** Told once, at the first failure, with why the database did not answer (e.g. 'ECONNREFUSED'). */
  onFirstWait?: (reason: string) => Promise<void> | void;
  /** Stops the waiting (SIGTERM): the last error is thrown. */
  signal?: AbortSignal;
}

/**
 * Run `start` (safe to repeat: it cleans up after itself when it fails); while it fails because the database is
 * away, log once and try again with back-off, for ever. Any other error is thrown.
 */
export async function untilDatabaseAnswers<T>(what: string, log: FastifyBaseLogger, start: () => Promise<T>, options: WaitForDatabase = {}): Promise<T> {
  let waitingSince = 0;
  const result = await whenDatabaseAnswers(start, {
    timeoutMs: Infinity,
    intervalMs: FIRST_RETRY_MS,
    maxIntervalMs: LONGEST_RETRY_MS,
    ...(options.signal && { signal: options.signal }),
    onWait: (error) => {
      if (waitingSince) return;
      waitingSince = Date.now();
      const reason = unavailableReason(error);
      log.warn({ reason, retry_max_s: LONGEST_RETRY_MS / 1000 }, `database unavailable: ${what} waits for it`);
      void Promise.resolve(options.onFirstWait?.(reason)).catch((failure: unknown) => log.error({ err: failure }, 'could not answer while waiting'));
    },
  });
  if (waitingSince) log.info({ waited_s: Math.round((Date.now() - waitingSince) / 1000) }, `database answers: ${what} starts`);
  return result;
}

/**
 * The stand-in an API server listens with while its database is away: 503 with Retry-After to every request;
 * `/api/v1/health` answers `{"status": "unavailable", "detail": "Database unavailable (PostgreSQL): …"}` as the
 * real app's health does while its database is down, every other path `{"detail": "Database unavailable"}`.
 */
export function unavailableStand(config: Config, log: FastifyBaseLogger): { listen(reason: string): Promise<void>; close(): Promise<void> } {
  let stand: FastifyInstance | null = null;
  let reason = 'unreachable';
  return {
    async listen(why) {
      reason = why;
      if (stand) return;
      stand = Fastify({ loggerInstance: log });
      stand.setNotFoundHandler((request, reply) => {
        reply.code(503).header('retry-after', String(DATABASE_RETRY_S));
        if (request.url.split('?')[0].replace(/\/$/, '') === '/api/v1/health') {
          return reply.send({ status: 'unavailable', detail: `${DATABASE_UNAVAILABLE} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}): ${reason}` });
        }
        return reply.send({ detail: DATABASE_UNAVAILABLE });
      });
      await stand.listen({ port: config.port, host: config.host });
      log.info('listening meanwhile: every request answers 503 until the database answers');
    },
    async close() {
      const closing = stand;
      stand = null;
      if (!closing) return;
      // Keep-alive connections of health checkers would hold the port otherwise.
      closing.server.closeAllConnections();
      await closing.close();
    },
  };
}

/**
 * For an entry point's wait: once SIGTERM has ended it, the shutdown handler exits the process (0), so the start
 * must not report a failure meanwhile; any other error goes on.
 */
export function unlessStopped(signal: AbortSignal): (error: unknown) => Promise<never> {
  return (error) => (signal.aborted ? new Promise<never>(() => undefined) : Promise.reject(error));
}
