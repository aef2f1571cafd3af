/**
 * `app.metrics` (this app's registry, server-metrics.ts) and GET /metrics in the Prometheus text format. Only
 * clients in METRICS_ALLOW (loopback by default) are answered, and only directly: a request that came through a
 * proxy (it carries X-Forwarded-For or Forwarded) gets the same 404 as a stranger, so a reverse proxy in front of
 * the servers never makes the metrics public, whatever TRUST_PROXY says.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from '../http-error.ts';
import { createServerMetrics, SIGN_IN_REFUSALS, type ServerMetrics } from './server-metrics.ts';
import { readSnapshot } from './snapshot.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
}

const SIGN_IN_ROUTE = '/api/v1/auth/jwt/login';

/** Decorate the app with its registry and count every reply. Call before the jobs are set up (they report to it). */
export function setupMetrics(app: FastifyInstance): void {
  const metrics = createServerMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route === SIGN_IN_ROUTE && reply.statusCode >= 400) metrics.signInRefused(SIGN_IN_REFUSALS[reply.statusCode] ?? 'other');
  });
}

function scraperAllowed(app: FastifyInstance, request: FastifyRequest): boolean {
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && app.config.metricsAllow.allows(request.socket.remoteAddress);
}

/** GET /metrics; register after the plugins, outside /api/v1 (it is for the operator's scraper, not the app). */
export function metricsRoute(app: FastifyInstance): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!scraperAllowed(app, request)) throw new HttpError(404, 'Not Found');
    try {
      const read = () => readSnapshot({ db: app.db, disk: app.disk, cycle: app.cycle });
      // A connection a database restart left in the pool fails once and is dropped: the second try tells a
      // database that is back from one still away.
      app.metrics.setState(await read().catch((error: unknown) => (isDatabaseUnavailable(error) ? read() : Promise.reject(error))));
    } catch (error) {
      // The operator needs the metrics most when the database is away: answer with what this process knows.
      if (!isDatabaseUnavailable(error)) throw error;
      app.metrics.setState(null);
    }
    return reply.header('content-type', app.metrics.registry.contentType).header('cache-control', 'no-store').send(await app.metrics.registry.metrics());
  });
}
