/**
 * GET /metrics on a port of its own, for a process that serves no HTTP otherwise (a queue worker with
 * METRICS_PORT). The same rules as the API servers' route (setup-metrics.ts): METRICS_ALLOW only, never through
 * a proxy; anything else is a 404 `{"detail": "Not Found"}`.
 */
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { AllowList } from './allow-list.ts';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

export async function serveMetrics(registry: Registry, options: { host: string; port: number; allow: AllowList }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics' || proxied || !options.allow.allows(request.socket.remoteAddress)) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ detail: 'Not Found' }));
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ detail: 'Internal Server Error' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
