import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setUserRole } from '../../src/db/users.ts';
import { requireAdmin } from '../../src/plugins/guards.ts';
import { makeApp, signedIn, signIn } from '../helpers.ts';
import { ENGINES, type Engine } from '../engines.ts';

/** The app plus a test-only admin route that echoes who passed the guard. */
async function appWithAdminRoute(database: Engine): Promise<FastifyInstance> {
  const { app } = await makeApp({ database });
  app.post(
    '/api/v1/test-admin',
    {
      onRequest: [requireAdmin],
      schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } },
    },
    async (request) => ({ email: request.user!.email }),
  );
  return app;
}

describe.each(ENGINES)('guards (%s)', (database) => {
  describe('requireAdmin', () => {
    it('answers 401 to nobody, before looking at the body', async () => {
      const app = await appWithAdminRoute(database);
      const response = await app.inject({ method: 'POST', url: '/api/v1/test-admin', payload: { n: 'not a number' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Unauthorized' });
    });

    it('answers 403 to a user', async () => {
      const app = await appWithAdminRoute(database);
      const { headers } = await signedIn(app, 'user');
      const response = await app.inject({ method: 'POST', url: '/api/v1/test-admin', headers, payload: { n: 1 } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Forbidden' });
    });

    it.each(['admin', 'superuser'] as const)('lets %s through', async (role) => {
      const app = await appWithAdminRoute(database);
      const { headers, user } = await signedIn(app, role);
      const response = await app.inject({ method: 'POST', url: '/api/v1/test-admin', headers, payload: { n: 1 } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: user.email });
    });

    it('applies a role change on the next request: the session ends, the next sign-in has the new role', async () => {
      const app = await appWithAdminRoute(database);
      const { headers, user } = await signedIn(app, 'admin');
      await setUserRole(app.db, user.email, 'user');
      const response = await app.inject({ method: 'POST', url: '/api/v1/test-admin', headers, payload: { n: 1 } });
      expect(response.statusCode).toBe(401);
      const again = await signIn(app, user.email);
      const demoted = await app.inject({ method: 'POST', url: '/api/v1/test-admin', headers: again.headers, payload: { n: 1 } });
      expect(demoted.statusCode).toBe(403);
    });
  });
});
