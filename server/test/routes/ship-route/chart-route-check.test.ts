/**
 * POST /api/v1/route/check with `source: "chart"`: a route across the DMI chart of SW Greenland gets, at each end,
 * the RIO that the IMO table gives for the egg code of the polygon it lies in, in the same reply shape as against
 * a forecast; an unknown chart is 404, a chart check without `chart_id` is 422.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { IceChartCollection } from '../../../../common/api-types/icecharts.ts';
import type { RouteCheckResult } from '../../../../common/api-types/ship-route.ts';
import type { MultiPoly } from '../../../src/icecharts/geometry-types.ts';
import { interiorPoint } from '../../../src/icecharts/resolve-overlaps.ts';
import { makeApp, signedIn } from '../../helpers.ts';
import { CHART_FIXTURES } from '../../icecharts/fixtures.ts';
import { waitForJob } from '../../jobs/test-app.ts';
import { multipart } from '../uploads/multipart.ts';

const SOUTH_WEST = CHART_FIXTURES.find((fixture) => fixture.name.includes('SouthWest'))!;

async function importChart(app: FastifyInstance, headers: Record<string, string>): Promise<IceChartCollection> {
  const body = multipart({}, { name: SOUTH_WEST.name, bytes: SOUTH_WEST.bytes() });
  const reply = await app.inject({ method: 'POST', url: '/api/v1/icecharts', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
  const job = await waitForJob(app, headers, reply.json().job_id, 120_000);
  expect(job.status, job.message).toBe('succeeded');
  return (await app.inject({ url: `/api/v1/icecharts/${job.result.chart_id}`, headers })).json() as IceChartCollection;
}

const pointIn = (chart: IceChartCollection, index: number): [number, number] => {
  const geometry = chart.features[index].geometry;
  const [lon, lat] = interiorPoint((geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as MultiPoly)!;
  return [lat, lon];
};

describe('POST /api/v1/route/check against an ice chart', () => {
  it('gives each sample the RIO of the egg code it lies in', async () => {
    const { app } = await makeApp();
    const admin = await signedIn(app, 'admin');
    const chart = await importChart(app, admin.headers);
    // polygon 1: CT 78, SA 87 (thin first-year → 2nd stage column), no partials; polygon 25: CT 91, SA 91 (medium first-year)
    expect([chart.features[1].properties.raw.CT, chart.features[1].properties.raw.SA, chart.features[25].properties.raw.CT]).toEqual(['78', '87', '91']);
    const user = await signedIn(app, 'user');
    const check = (iceClass: string, waypoints: [number, number][], chartId = chart.chart.id) =>
      app.inject({ method: 'POST', url: '/api/v1/route/check', headers: user.headers, payload: { source: 'chart', chart_id: chartId, ice_class: iceClass, waypoints } });
    const route: [number, number][] = [pointIn(chart, 1), pointIn(chart, 25)];

    const pc5 = await check('PC5', route);
    expect(pc5.statusCode, pc5.body).toBe(200);
    const result = pc5.json() as RouteCheckResult;
    const first = result.samples[0];
    const last = result.samples[result.samples.length - 1];
    // IMO Table 1.1, PC5: thin FY 2nd stage RIV 2, medium FY RIV 1, ice free 3 — 8×2 + 2×3 = 22; 10×1 = 10
    expect(first).toMatchObject({ covered: true, concentration: 0.8, thickness_m: null, ice_type: 'thin_first_year_2', rio: 22, category: 'normal' });
    expect(last).toMatchObject({ covered: true, concentration: 1, ice_type: 'medium_first_year', rio: 10, category: 'normal' });
    expect(result.length_km).toBeGreaterThan(0);
    expect(result.samples.every((sample, k) => k === 0 || sample.distance_km - result.samples[k - 1].distance_km <= 5.0001)).toBe(true);

    // IC: 8×(−2) + 2×3 = −10 and 10×(−4) = −40, both below 0: special consideration, the first breach at the start
    const ic = (await check('IC', route)).json() as RouteCheckResult;
    expect([ic.samples[0].rio, ic.samples[ic.samples.length - 1].rio]).toEqual([-10, -40]);
    expect(ic.first_breach).toMatchObject({ distance_km: 0, category: 'special' });
    expect(ic.min_rio).toBeLessThanOrEqual(-40);

    expect((await check('PC5', route, 9999)).statusCode).toBe(404);
    const noChart = await app.inject({ method: 'POST', url: '/api/v1/route/check', headers: user.headers, payload: { source: 'chart', ice_class: 'PC5', waypoints: route } });
    expect(noChart.statusCode).toBe(422);
    expect(typeof noChart.json().detail).toBe('string');
  }, 240_000);
});
