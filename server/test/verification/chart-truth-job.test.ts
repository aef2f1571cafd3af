/**
 * A chart import ends with the records against that chart, and only those: the forecasts valid on its date are
 * scored against it, while the records against the analyses (which a chart cannot change) are not computed by it.
 */
import { describe, expect, it } from 'vitest';
import { makeApp, signedIn } from '../helpers.ts';
import { AARI } from '../icecharts/fixtures.ts';
import { waitForJob } from '../jobs/test-app.ts';
import { multipart } from '../routes/uploads/multipart.ts';
import { BARENTS_GRID, buildSmallDemo } from './archive-fixture.ts';

describe('the verification step of a chart import', () => {
  it('scores the forecasts valid on the chart\'s date against it, and nothing else', async () => {
    const { app } = await makeApp();
    await buildSmallDemo({ db: app.db, dataDir: app.config.dataDir, grid: BARENTS_GRID }, 3, '2014-02-10');
    const admin = await signedIn(app, 'admin');
    const body = multipart({}, { name: AARI.name, bytes: AARI.bytes() });
    const reply = await app.inject({ method: 'POST', url: '/api/v1/icecharts', headers: { ...admin.headers, 'content-type': body.contentType }, payload: body.payload });
    expect(reply.statusCode, reply.body).toBe(202);
    const job = await waitForJob(app, admin.headers, reply.json().job_id, 200_000);
    expect(job.status, job.message).toBe('succeeded');
    // 3 models × 2 runs × the leads valid on 02-11 (02-10 +24, 02-09 +48, 02-08 +72).
    expect(job.result.verification).toEqual({ charts: { computed: 18, unchanged: 0, outside: 0, failed: [] } });
    const charts = await app.db.selectFrom('chart_verification_records').select(['truth_source', 'valid_date']).execute();
    expect(charts).toHaveLength(18);
    expect(new Set(charts.map((row) => `${row.truth_source} ${row.valid_date}`))).toEqual(new Set([`chart:${job.result.chart_id} 2014-02-11`]));
    // The demo archive's runs have analyses to be scored against, but the chart's import did not score them.
    expect(await app.db.selectFrom('verification_records').select('model_id').execute()).toEqual([]);
  }, 300_000);
});
