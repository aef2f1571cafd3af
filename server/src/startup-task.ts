/**
 * What runs once after the server listens (startup.ts runs them in order). Apart from startup.ts so that the
 * modules that define a task (the demo archive, verification, the daily cycle) need not import the list of them.
 */
import type { FastifyInstance } from 'fastify';

export interface StartupTask {
  name: string;
  run: (app: FastifyInstance) => Promise<void>;
}
