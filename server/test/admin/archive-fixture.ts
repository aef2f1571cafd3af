/**
 * A small real archive for admin tests: the seeded models and dataset, and the demo analyses of a few days
 * (enough for hindcast metrics: a +24h lead verified against the next day's analysis).
 */
import type { FastifyInstance } from 'fastify';
import { ensureAnalysis } from '../../src/archive/pipeline.ts';
import { seedDataset, seedModels } from '../../src/cycle/demo-archive.ts';
import { addDays, utcDay } from '../../../common/utc-day.ts';

export async function prepareArchive(app: FastifyInstance, days = 2, last = utcDay()): Promise<string[]> {
  await seedModels(app.db);
  await seedDataset(app.db);
  const dates = Array.from({ length: days }, (_, k) => addDays(last, k - days + 1));
  for (const date of dates) await ensureAnalysis({ db: app.db, dataDir: app.config.dataDir }, date);
  return dates;
}
