/**
 * A store for @fastify/rate-limit over db/request-rates.ts: with PostgreSQL (DATABASE_URL) every API server counts
 * the same windows, so the per-route limits (`config.rateLimit`) hold for the service, not per process.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RequestRates } from '../db/request-rates.ts';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The store class the plugin instantiates (its `store` option): one child per route, named by method and URL. */
export function databaseRateLimitStore(rates: RequestRates): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    /** The plugin calls `new Store(globalOptions)`; `child` makes one per route. */
    constructor(_options?: FastifyRateLimitOptions, route = '') {
      this.route = route;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      rates.hit(this.route, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(options: RouteLimitOptions): FastifyRateLimitStore {
      // What the plugin passes is the route's merged limit options, with the route itself as `routeInfo`.
      const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}
