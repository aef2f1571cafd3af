/**
 * Vitest global setup of the node project: one PostgreSQL server for the whole run (not one per test or file).
 * Tests read its URL with `inject('postgresUrl')` and make a database of their own in it (`server/test/postgres/databases.ts`).
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
