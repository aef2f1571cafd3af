import { describe, expect, it } from 'vitest';
import { makeApp, signedIn } from '../../helpers.ts';

describe('POST /api/v1/auth/jwt/logout', () => {
  it('answers 204 and expires both cookies', async () => {
    const { app } = await makeApp();
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
    const { app } = await makeApp();
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout' })).statusCode).toBe(204);
  });

  it('answers 403 when the session cookie comes without the XSRF header', async () => {
    const { app } = await makeApp();
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
