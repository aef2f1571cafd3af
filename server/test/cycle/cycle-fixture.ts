/**
 * What the cycle tests share: an app whose ANALYSIS_SOURCE is a `dir:` inbox, the built-in models seeded, a
 * signed-in admin, the scheduler on a fake clock, and the inbox filled with a real product (OSI SAF on EASE2).
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedModels } from '../../src/cycle/demo-archive.ts';
import type { CyclePlan } from '../../src/cycle/run-cycle.ts';
import type { AnalysisSourceConfig } from '../../src/ingest/products.ts';
import { setDefaultModel } from '../../src/cycle/daily-models.ts';
import { fixturePath } from '../ingest/fixture-server.ts';
import { makeApp, signedIn, tempDir, type TestAppOptions } from '../helpers.ts';
import { call } from '../jobs/test-app.ts';

export async function cycleApp(env: Record<string, string> = {}, options: Omit<TestAppOptions, 'env'> = {}) {
  const inbox = tempDir('inbox-');
  const test = await makeApp({ ...options, env: { ANALYSIS_SOURCE: `dir:${inbox}`, CYCLE_SCHEDULE: '30 6,12 * * *', ...env } });
  await seedModels(test.app.db);
  await setDefaultModel(test.app.db, test.app.config.defaultModel);
  const admin = await signedIn(test.app, 'admin');
  let clock = new Date(0);
  test.app.cycle.useClock(() => clock);
  return {
    ...test,
    inbox,
    admin,
    setClock(iso: string) {
      clock = new Date(iso);
    },
    /** The product of `date` arrives in the inbox. */
    deliver(date: string) {
      copyFileSync(fixturePath('ease2'), join(inbox, `osisaf_${date.replaceAll('-', '')}.nc`));
    },
    deliverCorrupt(date: string) {
      writeFileSync(join(inbox, `osisaf_${date.replaceAll('-', '')}.nc`), 'this is not a NetCDF file');
    },
    status: async () => (await call(test.app, { method: 'GET', url: '/api/v1/cycle', headers: admin.headers })).body,
  };
}

/** A run of the cycle over `dates` in both regions, with the settings the region tests do not vary. */
export function regionsPlan(dates: string[], source: AnalysisSourceConfig, now = new Date().toISOString()): CyclePlan {
  return { dates, now, source, retryS: 900, deadline: '18:00', retainDays: 0, regions: ['sector', 'arctic'], jobId: null, userId: null };
}
