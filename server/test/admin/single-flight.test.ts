/**
 * The upload single-flight rule across servers: two API servers on one PostgreSQL database (and one DATA_DIR,
 * so one cookie secret), two uploads asked at once, one through each: one 202, one 409, and each server
 * shows the job the other started.
 */
import { describe, expect, it } from 'vitest';
import { makeApp, signedIn } from '../helpers.ts';

describe('POST /api/v1/force_fetch_data on two servers sharing PostgreSQL', () => {
  it('starts one upload; the other server answers 409 naming it', async () => {
    const a = await makeApp({ database: 'postgres' });
    const b = await makeApp({ dataDir: a.dataDir, databaseUrl: a.databaseUrl! });
    const { headers } = await signedIn(a.app, 'admin');
    const post = (app: typeof a.app) => app.inject({ method: 'POST', url: '/api/v1/force_fetch_data', payload: {}, headers });
    const replies = await Promise.all([post(a.app), post(b.app)]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([202, 409]);
    const started = replies.find((reply) => reply.statusCode === 202)!.json<{ job_id: number }>();
    const refused = replies.find((reply) => reply.statusCode === 409)!.json<{ detail: string }>();
    expect(refused.detail).toBe(`Загрузка данных уже выполняется (задача №${started.job_id})`);
    for (const app of [a.app, b.app]) {
      const seen = await app.inject({ url: `/api/v1/jobs/${started.job_id}`, headers });
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: started.job_id, kind: 'force_fetch_data' });
    }
  });
});
