import { describe, expect, it } from 'vitest';
import { addUser, login, makeApp, PASSWORD } from '../helpers.ts';

describe('sign-in and registration from another site', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a sibling port', { origin: 'http://localhost:9999' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:80' }],
  ])('answer 403 with a detail for %s', async (_name, extra) => {
    const { app } = await makeApp();
    const user = await addUser(app);
    const signIn = await login(app, user.email, PASSWORD, { headers: { host: 'localhost:80', ...extra } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ detail: 'Cross-site request refused: sign in from this site' });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const register = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { host: 'localhost:80', ...extra },
      payload: { email: 'new@example.com', username: 'new', password: 'long enough password' },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().detail).toMatch(/Cross-site/);
  });

  it('let the same origin through, and requests without browser headers', async () => {
    const { app } = await makeApp();
    const user = await addUser(app);
    const browsers: Record<string, string>[] = [{ origin: 'http://app.example:8080', 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'same-origin' }, {}];
    for (const extra of browsers) {
      const response = await login(app, user.email, PASSWORD, { headers: { host: 'app.example:8080', ...extra } });
      expect(response.statusCode).toBe(204);
    }
  });
});
