/**
 * The server listens at once, then runs its startup tasks (the first-start demo build takes 8–19 s). Until
 * they are done, `app.startup` says which task runs, GET /api/v1/health answers 503 with that progress, and
 * every other API request answers 503 `{"detail": "STARTING"}` with Retry-After (the app shows
 * 'Подготовка демонстрационных данных…' and polls health). The built app's files are served meanwhile.
 * Apps built for tests never run the tasks and are ready from the start.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';

export interface StartupState {
  status: 'starting' | 'ok';
  /** The task running now, null when ready. */
  task: string | null;
  /** 1-based number of the running task, and how many there are. */
  step: number;
  steps: number;
  /** When the tasks began, ms since the epoch. */
  startedAt: number;
}

/** Seconds a client should wait before asking again while the server starts. */
export const STARTING_RETRY_S = 2;

export function setupStartupGate(app: FastifyInstance): void {
  const state: StartupState = { status: 'ok', task: null, step: 0, steps: 0, startedAt: Date.now() };
  app.decorate('startup', state);
  app.addHook('onRequest', async (request) => {
    if (state.status === 'ok' || !request.url.startsWith('/api/') || request.url.startsWith('/api/v1/health')) return;
    throw new HttpError(503, 'STARTING', { 'retry-after': String(STARTING_RETRY_S) });
  });
}
