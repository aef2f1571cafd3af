/**
 * The request-rate windows of @fastify/rate-limit (sign-in, registration, password change: `config.rateLimit` on the
 * route; the plugin's store is plugins/rate-limit-store.ts) counted in the database (migration 8), so API servers sharing one PostgreSQL share the limit instead of
 * each allowing it anew. A fixed window per route and client key, as the plugin's own in-memory store counts:
 * the first hit opens a window of `timeWindow` ms, later hits in it add one, the first hit after it starts again.
 * One upsert per request; rows whose window ended an hour ago are deleted now and then.
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';

/** Delete ended windows at most this often (ms); a row is small, the table holds one per client and route. */
const PURGE_EVERY_MS = 10 * 60 * 1000;
const KEEP_ENDED_MS = 60 * 60 * 1000;

export class RequestRates {
  private lastPurge = 0;

  constructor(private readonly db: Db) {}

  /** Count a hit; the hits in the current window and the ms until it ends. */
  async hit(route: string, clientKey: string, windowMs: number, now = Date.now()): Promise<{ current: number; ttl: number }> {
    const ended = sql<boolean>`request_rates.window_start + ${windowMs} <= ${now}`;
    const row = await this.db
      .insertInto('request_rates')
      .values({ route, client_key: clientKey, hits: 1, window_start: now })
      .onConflict((oc) =>
        oc.columns(['route', 'client_key']).doUpdateSet({
          hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE request_rates.hits + 1 END`,
          window_start: sql<number>`CASE WHEN ${ended} THEN ${now} ELSE request_rates.window_start END`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    if (now - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now;
      await this.db.deleteFrom('request_rates').where('window_start', '<', now - KEEP_ENDED_MS).execute();
    }
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_start) + windowMs - now) };
  }
}
