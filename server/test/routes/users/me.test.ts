import { describe, expect, it } from 'vitest';
import { makeApp, signIn, signedIn } from '../../helpers.ts';
import { ENGINES } from '../../engines.ts';

describe.each(ENGINES)('me (%s)', (database) => {
  describe('GET /api/v1/users/me', () => {
    it('answers 401 without a session', async () => {
      const { app } = await makeApp({ database });
      const response = await app.inject({ url: '/api/v1/users/me' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Unauthorized' });
    });

    it('answers 401 for a cookie that is not a token', async () => {
      const { app } = await makeApp({ database });
      const response = await app.inject({ url: '/api/v1/users/me', headers: { cookie: 'session=garbage' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Unauthorized' });
    });

    it('shows the signed-in user', async () => {
      const { app } = await makeApp({ database });
      const { user, cookie } = await signedIn(app);
      const response = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: user.id,
        email: user.email,
        username: user.username,
        is_superuser: false,
        role_id: 1,
        role: { id: 1, name: 'user' },
      });
    });

    it.each([
      ['admin@demo.local', 'admin', 2, false],
      ['super@demo.local', 'superuser', 3, true],
      ['test@demo.local', 'user', 1, false],
    ])('shows demo account %s as role %s', async (email, role, roleId, isSuperuser) => {
      const { app } = await makeApp({ database, env: { DEMO: '1' } });
      const { cookie } = await signIn(app, email, 'demo');
      const response = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
      expect(response.json()).toMatchObject({ email, is_superuser: isSuperuser, role_id: roleId, role: { id: roleId, name: role } });
    });
  });
});
