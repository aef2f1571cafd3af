import { describe, expect, it } from 'vitest';
import { requestedRegion, regionQueryProperty } from '../../../src/routes/regions/region-query.ts';
import { makeApp, signedIn } from '../../helpers.ts';

describe('GET /api/v1/regions', () => {
  it('lists the sector (the default) and the whole Arctic to a signed-in user', async () => {
    const { app } = await makeApp();
    const { cookie } = await signedIn(app, 'user');
    const response = await app.inject({ url: '/api/v1/regions', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual([
      { id: 'sector', name: 'Карское море и море Лаптевых', crs: 'EPSG:4326', shape: [480, 1301], bounds: [49.975, 66, 115.025, 90], extent: [49.975, 66, 115.025, 90] },
      { id: 'arctic', name: 'Арктика целиком', crs: 'EPSG:3413', shape: [1792, 1216], bounds: [-180, 30.97, 180, 90], extent: [-3850000, -5350000, 3750000, 5850000] },
    ]);
  });

  it('answers 401 {detail} without a session', async () => {
    const { app } = await makeApp();
    const response = await app.inject({ url: '/api/v1/regions' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Unauthorized' });
  });

  it('is in the OpenAPI document, signed-in only, with the fields of a region', async () => {
    const { app } = await makeApp();
    const document = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/api/v1/regions'].get;
    expect(operation.security).toEqual([{ sessionCookie: [] }]);
    expect(operation.responses['200'].content['application/json'].schema.items.required).toEqual(['id', 'name', 'crs', 'shape', 'bounds', 'extent']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });
});

describe('a region named by a request', () => {
  /** A route as a later one will use the helper: `?region=` → the region's id and shape, 422 for an unknown one. */
  async function appWithProbe() {
    const { app } = await makeApp();
    app.get<{ Querystring: { region?: string } }>(
      '/api/v1/probe-region',
      { schema: { querystring: { type: 'object', properties: { ...regionQueryProperty } } } },
      async (request) => {
        const region = requestedRegion(request.query.region);
        return { id: region.id, shape: region.shape };
      },
    );
    return app;
  }

  it('is the sector without `region`, the one named otherwise', async () => {
    const app = await appWithProbe();
    expect((await app.inject({ url: '/api/v1/probe-region' })).json()).toEqual({ id: 'sector', shape: [480, 1301] });
    expect((await app.inject({ url: '/api/v1/probe-region?region=arctic' })).json()).toEqual({ id: 'arctic', shape: [1792, 1216] });
  });

  it('answers 422 {detail} naming the regions for an unknown one', async () => {
    const app = await appWithProbe();
    const response = await app.inject({ url: '/api/v1/probe-region?region=antarctic' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'Unknown region "antarctic": expected one of sector, arctic' });
  });
});
