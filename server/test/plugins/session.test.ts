import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../src/auth/jwt.ts';
import { deleteUser, setUserRole } from '../../src/db/users.ts';
import { addUser, cookieValue, login, makeApp, signedIn } from '../helpers.ts';

const SECRET = 'a-test-secret-that-is-long-enough';
const now = () => Math.floor(Date.now() / 1000);

async function meWith(app: Awaited<ReturnType<typeof makeApp>>['app'], token: string) {
  return app.inject({ url: '/api/v1/users/me', headers: { cookie: `session=${token}` } });
}

describe('session cookies', () => {
  it('accepts a token signed with the secret for an existing user', async () => {
    const { app } = await makeApp({ env: { SECRET } });
    const user = await addUser(app);
    const token = signToken({ sub: String(user.id), iat: now(), exp: now() + 60, xsrf: 'x' }, SECRET);
    expect((await meWith(app, token)).json()).toMatchObject({ id: user.id });
  });

  it('answers 401 for an expired token', async () => {
    const { app } = await makeApp({ env: { SECRET } });
    const user = await addUser(app);
    const token = signToken({ sub: String(user.id), iat: now() - 120, exp: now() - 1, xsrf: 'x' }, SECRET);
    const response = await meWith(app, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Unauthorized' });
  });

  it('answers 401 for a token whose user id was changed', async () => {
    const { app } = await makeApp();
    const victim = await addUser(app, 'admin');
    const { session } = await signedIn(app);
    const [header, payload, signature] = session.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(victim.id) })).toString('base64url');
    const response = await meWith(app, `${header}.${forged}.${signature}`);
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another key, or with alg "none"', async () => {
    const { app } = await makeApp({ env: { SECRET } });
    const user = await addUser(app);
    const claims = { sub: String(user.id), iat: now(), exp: now() + 60, xsrf: 'x' };
    expect((await meWith(app, signToken(claims, 'some-other-secret-long-enough'))).statusCode).toBe(401);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await meWith(app, none)).statusCode).toBe(401);
    const input = `${b64({ alg: 'HS384', typ: 'JWT' })}.${b64(claims)}`;
    const hs384 = `${input}.${createHmac('sha384', SECRET).update(input).digest('base64url')}`;
    expect((await meWith(app, hs384)).statusCode).toBe(401);
  });

  it('answers 401 once the user is deleted', async () => {
    const { app } = await makeApp();
    const { user, cookie } = await signedIn(app);
    deleteUser(app.db, user.id);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('reads the role from the database, not from the token', async () => {
    const { app } = await makeApp();
    const { user, cookie } = await signedIn(app);
    setUserRole(app.db, user.email, 'superuser');
    const response = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect(response.json()).toMatchObject({ role: { name: 'superuser' }, is_superuser: true });
  });

  it('keeps working after a restart with the generated secret', async () => {
    const first = await makeApp();
    const { cookie } = await signedIn(first.app);
    await first.app.close();
    const second = await makeApp({ dataDir: first.dataDir });
    expect((await second.app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lasts JWT_EXPIRES seconds', async () => {
    const { app } = await makeApp({ env: { JWT_EXPIRES: '2h' } });
    const user = await addUser(app);
    const response = await login(app, user.email);
    const token = cookieValue(response, 'session')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(7200);
    expect(response.headers['set-cookie']).toEqual([
      expect.stringContaining('Max-Age=7200'),
      expect.stringContaining('Max-Age=7200'),
    ]);
  });

  it('marks the cookies Secure when the request came over HTTPS through a trusted proxy', async () => {
    const { app } = await makeApp({ env: { TRUST_PROXY: '1' } });
    const user = await addUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      payload: new URLSearchParams({ username: user.email, password: 'correct horse' }).toString(),
    });
    expect(response.statusCode).toBe(204);
    const setCookie = response.headers['set-cookie'] as string[];
    expect(setCookie).toHaveLength(2);
    for (const line of setCookie) expect(line).toMatch(/; Secure/);
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const { app } = await makeApp();
    const user = await addUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/jwt/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      payload: new URLSearchParams({ username: user.email, password: 'correct horse' }).toString(),
    });
    for (const line of response.headers['set-cookie'] as string[]) expect(line).not.toMatch(/Secure/);
  });
});
