/** Reading GET /metrics as Prometheus does, for the metrics tests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The value of one sample (`name{labels}`) in a Prometheus text page; undefined when absent. */
export function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

export async function scrape(app: FastifyInstance): Promise<string> {
  const reply = await app.inject({ url: '/metrics' });
  expect(reply.statusCode).toBe(200);
  return reply.body;
}
