import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeApp, signedIn, signIn } from '../helpers.ts';

/** A test-only state-changing route behind requireUser. */
async function appWithWriteRoute(): Promise<FastifyInstance> {
  const { app } = await makeApp();
  const { requireUser } = await import('../../src/plugins/guards.ts');
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({ method, url: '/api/v1/test-write', onRequest: [requireUser], handler: async () => ({ ok: true }) });
  }
  app.get('/api/v1/test-write', { onRequest: [requireUser] }, async () => ({ ok: true }));
  return app;
}

const forbidden = { detail: 'XSRF token missing or invalid' };

describe('XSRF check', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('lets %s through with the matching header', async (method) => {
    const app = await appWithWriteRoute();
    const { headers } = await signedIn(app);
    const response = await app.inject({ method, url: '/api/v1/test-write', headers });
    expect(response.statusCode).toBe(200);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('answers 403 to %s without the header', async (method) => {
    const app = await appWithWriteRoute();
    const { cookie } = await signedIn(app);
    const response = await app.inject({ method, url: '/api/v1/test-write', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbidden);
  });

  it('answers 403 when the header differs from the cookie', async () => {
    const app = await appWithWriteRoute();
    const { cookie, xsrf } = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test-write',
      headers: { cookie, 'x-xsrf-token': `${xsrf.slice(0, -1)}${xsrf.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbidden);
  });

  it('answers 403 when the XSRF cookie is missing, even if a header is sent', async () => {
    const app = await appWithWriteRoute();
    const { session, xsrf } = await signedIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test-write',
      headers: { cookie: `session=${session}`, 'x-xsrf-token': xsrf },
    });
    expect(response.statusCode).toBe(403);
  });

  it("answers 403 when header and cookie match each other but not the session's token", async () => {
    const app = await appWithWriteRoute();
    const { session } = await signedIn(app);
    const planted = 'planted-by-another-site-0123456789';
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test-write',
      headers: { cookie: `session=${session}; XSRF-TOKEN=${planted}`, 'x-xsrf-token': planted },
    });
    expect(response.statusCode).toBe(403);
  });

  it("answers 403 for another session's XSRF token", async () => {
    const app = await appWithWriteRoute();
    const first = await signedIn(app);
    const second = await signIn(app, first.user.email);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test-write',
      headers: { cookie: `session=${first.session}; XSRF-TOKEN=${second.xsrf}`, 'x-xsrf-token': second.xsrf },
    });
    expect(response.statusCode).toBe(403);
  });

  it('does not ask safe methods for the header', async () => {
    const app = await appWithWriteRoute();
    const { cookie } = await signedIn(app);
    expect((await app.inject({ url: '/api/v1/test-write', headers: { cookie } })).statusCode).toBe(200);
  });

  it('does not ask requests without the session cookie for the header (they are anonymous)', async () => {
    const app = await appWithWriteRoute();
    const response = await app.inject({ method: 'POST', url: '/api/v1/test-write' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Unauthorized' });
  });
});
