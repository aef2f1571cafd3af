import { describe, expect, it } from 'vitest';
import { makeApp, signedIn, signIn } from '../../helpers.ts';
import { ENGINES } from '../../engines.ts';

describe.each(ENGINES)('logout (%s)', (database) => {
  describe('POST /api/v1/auth/jwt/logout', () => {
    it('answers 204 and expires both cookies', async () => {
      const { app } = await makeApp({ database });
      const session = await signedIn(app);
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout', headers: session.headers });
      expect(response.statusCode).toBe(204);
      const cookies = response.cookies as Array<{ name: string; value: string; expires?: Date; path?: string }>;
      expect(cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', 'session']);
      for (const cookie of cookies) {
        expect(cookie.value).toBe('');
        expect(cookie.path).toBe('/');
        expect(cookie.expires!.getTime()).toBeLessThan(Date.now());
      }
    });

    it('answers 204 without a session too', async () => {
      const { app } = await makeApp({ database });
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout' })).statusCode).toBe(204);
    });

    it('answers 403 when the session cookie comes without the XSRF header', async () => {
      const { app } = await makeApp({ database });
      const session = await signedIn(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/jwt/logout',
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'XSRF token missing or invalid' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('POST /api/v1/auth/jwt/logout-all', () => {
    it("ends every session of the user (another device's too) but not other users' sessions", async () => {
      const { app } = await makeApp({ database });
      const laptop = await signedIn(app);
      const ship = await signIn(app, laptop.user.email);
      const someoneElse = await signedIn(app);
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout-all', headers: ship.headers });
      expect(response.statusCode).toBe(204);
      for (const ended of [laptop, ship]) {
        expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: ended.cookie } })).statusCode).toBe(401);
      }
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: someoneElse.cookie } })).statusCode).toBe(200);
    });

    it('answers 401 without a session and 403 without the XSRF header', async () => {
      const { app } = await makeApp({ database });
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout-all' })).json()).toEqual({
        detail: 'Unauthorized',
      });
      const session = await signedIn(app);
      const forged = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout-all', headers: { cookie: session.cookie } });
      expect(forged.statusCode).toBe(403);
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: session.cookie } })).statusCode).toBe(200);
    });
  });
});
