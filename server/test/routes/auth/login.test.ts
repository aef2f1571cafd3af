import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { setUserActive } from '../../../src/db/users.ts';
import { ACCOUNT_FREE_FAILURES } from '../../../src/auth/login-throttle.ts';
import { addUser, cookieValue, login, makeApp, PASSWORD } from '../../helpers.ts';
import { ENGINES } from '../../engines.ts';

// scrypt, counted: an unknown email must cost the same key derivation as a known one with a wrong password. A spy
// on the built-in module itself (its named exports synced), not vi.mock: the node project shares one module cache
// between files, where server modules loaded by an earlier file would keep the real function.
const scrypt = vi.spyOn(crypto, 'scrypt');
syncBuiltinESMExports();

describe.each(ENGINES)('login (%s)', (database) => {
  describe('POST /api/v1/auth/jwt/login', () => {
    it('answers 204 with an HttpOnly Lax session cookie and a readable XSRF-TOKEN cookie', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      const response = await login(app, user.email);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const cookies = response.cookies as Array<Record<string, unknown>>;
      const session = cookies.find((c) => c.name === 'session')!;
      const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!;
      expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 7 * 86400 });
      expect(session.secure).toBeFalsy();
      // A signed random id: `<43 base64url characters>.<signature>`.
      expect(String(session.value)).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/]{43}$/);
      expect(xsrf).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 7 * 86400 });
      expect(xsrf.httpOnly).toBeFalsy();
      expect(String(xsrf.value).length).toBeGreaterThanOrEqual(32);
    });

    it('accepts the email in any case', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app, 'user', 'Mixed.Case@Example.com');
      expect((await login(app, user.email.toUpperCase())).statusCode).toBe(204);
    });

    it('answers the same 400 for an unknown email and for a wrong password', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      const unknown = await login(app, 'nobody@example.com');
      const wrong = await login(app, user.email, 'wrong password');
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(unknown.body).toBe(wrong.body);
    });

    it.each([["' OR '1'='1", "' OR '1'='1"], ['admin@demo.local', "x' OR 1=1 --"]])(
      'answers 400 for SQL-looking credentials %j / %j',
      async (username, password) => {
        const { app } = await makeApp({ database, env: { DEMO: '1' } });
        const response = await login(app, username, password);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
      },
    );

    it('refuses a disabled account with the same 400', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      await setUserActive(app.db, user.id, false);
      const response = await login(app, user.email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    });

    it.each([
      ['no fields', ''],
      ['no password', 'username=a%40b.c'],
      ['no username', 'password=secret'],
      ['an empty password', 'username=a%40b.c&password='],
    ])('answers 422 with a detail for %s', async (_name, form) => {
      const { app } = await makeApp({ database });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/jwt/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/username|password/);
    });

    it(`after ${ACCOUNT_FREE_FAILURES} failures for one email slows every new browser, from any address, not the owner's known one`, async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      const other = await addUser(app);
      const from = (remoteAddress: string, email: string, password: string, cookie?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/jwt/login',
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
          payload: new URLSearchParams({ username: email, password }).toString(),
        });
      const known = await from('127.0.0.10', user.email, PASSWORD);
      const device = `device=${cookieValue(known, 'device')}`;
      for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
        expect((await from('127.0.0.9', user.email, `wrong ${i}`)).statusCode).toBe(400);
      }
      const blocked = await from('127.0.0.9', user.email, PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'LOGIN_TOO_MANY_ATTEMPTS' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(blocked.headers['set-cookie']).toBeUndefined();
      // An address that never failed waits as well: the limit is the account's, not the address's.
      expect((await from('127.0.0.11', user.email, PASSWORD)).statusCode).toBe(429);
      // The owner's known browser gets in at once; another account from the guessing address too.
      expect((await from('127.0.0.10', user.email, PASSWORD, device)).statusCode).toBe(204);
      expect((await from('127.0.0.9', other.email, PASSWORD)).statusCode).toBe(204);
    });

    it('treats an unknown email exactly like a known one: same answers, same limits, the same scrypt work', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      // The key derivations one sign-in attempt runs: how many, at which cost (N, r, p) and key length.
      const derivations = async (email: string) => {
        const before = scrypt.mock.calls.length;
        const response = await login(app, email, 'wrong password');
        const calls = scrypt.mock.calls.slice(before).map(([, , length, options]) => {
          const { N, r, p } = options as crypto.ScryptOptions;
          return { length, N, r, p };
        });
        return { response, calls };
      };
      for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
        const a = await derivations(user.email);
        const b = await derivations('nobody@example.com');
        expect(a.response.statusCode).toBe(400);
        expect(b.response.body).toBe(a.response.body);
        // One full-cost scrypt each (OWASP's N = 2^15, r = 8): an unknown email that skipped it would answer at once.
        expect(a.calls).toEqual([{ length: 32, N: 2 ** 15, r: 8, p: 1 }]);
        // The first unknown email also makes the stand-in hash once (a second derivation); every later one runs one.
        expect(b.calls.at(-1)).toEqual(a.calls[0]);
        if (i > 0) expect(b.calls).toEqual(a.calls);
      }
      const [a, b] = [await login(app, user.email, 'x'), await login(app, 'nobody@example.com', 'x')];
      expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
      expect(b.body).toBe(a.body);
    });

    it('does not count successful sign-ins as failures', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      for (let i = 0; i < ACCOUNT_FREE_FAILURES + 2; i++) expect((await login(app, user.email)).statusCode).toBe(204);
    });
  });
});
