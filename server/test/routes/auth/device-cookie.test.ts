import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES } from '../../../src/auth/login-throttle.ts';
import { ENGINES } from '../../engines.ts';
import { addUser, cookieValue, login, makeApp, PASSWORD, signIn } from '../../helpers.ts';
import { knownBrowser, signInFrom } from './sign-in-attack.ts';

/** Enough wrong guesses from fresh addresses that a browser not known for the account must wait. */
async function underAttack(app: FastifyInstance, email: string) {
  for (let i = 0; i <= ACCOUNT_FREE_FAILURES; i++) await signInFrom(app, `10.77.0.${i + 1}`, email, `guess ${i}`);
  expect((await signInFrom(app, '10.77.1.1', email, PASSWORD)).statusCode).toBe(429);
}

describe.each(ENGINES)('device cookies (%s)', (database) => {
  it('a successful sign-in sets a signed, HttpOnly, SameSite=Strict device cookie for the sign-in path, a new one each time', async () => {
    const { app } = await makeApp({ database });
    const user = await addUser(app);
    const first = await signInFrom(app, '127.0.0.1', user.email, PASSWORD);
    const cookie = (first.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'device')!;
    expect(cookie).toMatchObject({ path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict', maxAge: 365 * 86400 });
    expect(cookie.secure).toBeFalsy();
    expect(String(cookie.value)).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/]{43}$/);
    const second = await signInFrom(app, '127.0.0.1', user.email, PASSWORD, `device=${String(cookie.value)}`);
    expect(cookieValue(second, 'device')).not.toBe(cookie.value);
    // A failed sign-in sets none.
    expect(cookieValue(await signInFrom(app, '127.0.0.1', user.email, 'wrong'), 'device')).toBeUndefined();
  });

  it('is Secure over HTTPS behind a trusted proxy', async () => {
    const { app } = await makeApp({ database, env: { TRUST_PROXY: '1' } });
    const user = await addUser(app);
    const response = await login(app, user.email, PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = (response.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'device')!;
    expect(cookie.secure).toBe(true);
  });

  it('lets its browser in during an attack, after a plain sign-out too; a copied old one, a forged one, or one of another account do not', async () => {
    const { app } = await makeApp({ database });
    const user = await addUser(app);
    const other = await addUser(app);
    const old = await knownBrowser(app, '127.0.0.1', user.email, PASSWORD);
    const rotated = await signInFrom(app, '127.0.0.1', user.email, PASSWORD, old);
    const current = `device=${cookieValue(rotated, 'device')}`;
    const others = await knownBrowser(app, '127.0.0.1', other.email, PASSWORD);
    const signedOut = await signIn(app, user.email);
    await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout', headers: signedOut.headers });
    await underAttack(app, user.email);

    expect((await signInFrom(app, '10.88.0.1', user.email, PASSWORD, old)).statusCode).toBe(429);
    // One character of the signature changed (the last one holds padding bits; the tenth from the end does not).
    const value = current.slice('device='.length);
    const at = value.length - 10;
    const forged = `device=${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    expect((await signInFrom(app, '10.88.0.2', user.email, PASSWORD, forged)).statusCode).toBe(429);
    expect((await signInFrom(app, '10.88.0.3', user.email, PASSWORD, others)).statusCode).toBe(429);
    expect((await signInFrom(app, '10.88.0.4', user.email, PASSWORD, current)).statusCode).toBe(204);
  });

  it("stops counting after 'logout-all' and after a password change", async () => {
    const { app } = await makeApp({ database });
    const user = await addUser(app);
    const device = await knownBrowser(app, '127.0.0.1', user.email, PASSWORD);
    const session = await signIn(app, user.email);
    const ended = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout-all', headers: session.headers });
    expect(ended.statusCode).toBe(204);
    await underAttack(app, user.email);
    expect((await signInFrom(app, '10.88.0.1', user.email, PASSWORD, device)).statusCode).toBe(429);

    const { app: app2 } = await makeApp({ database });
    const user2 = await addUser(app2);
    const device2 = await knownBrowser(app2, '127.0.0.1', user2.email, PASSWORD);
    const session2 = await signIn(app2, user2.email);
    const changed = await app2.inject({
      method: 'POST',
      url: '/api/v1/users/me/password',
      headers: session2.headers,
      payload: { current_password: PASSWORD, new_password: 'a new long passphrase' },
    });
    expect(changed.statusCode).toBe(204);
    await underAttack(app2, user2.email);
    expect((await signInFrom(app2, '10.88.0.1', user2.email, 'a new long passphrase', device2)).statusCode).toBe(429);
  });
});
