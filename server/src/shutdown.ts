/**
 * How both entry points stop (server.ts, job-worker.ts): on the first SIGTERM or SIGINT, log it, run `close` once
 * (later signals while it runs change nothing), then exit 0, or 1 with the error when closing failed.
 */
import type { FastifyBaseLogger } from 'fastify';

export function closeOnSignal(log: FastifyBaseLogger, message: string, close: () => Promise<unknown>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, message);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
