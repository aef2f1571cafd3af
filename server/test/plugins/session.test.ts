import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { purgeSessions } from '../../src/db/sessions.ts';
import { deleteUser, setUserActive, setUserRole } from '../../src/db/users.ts';
import { addUser, login, makeApp, signedIn, signIn } from '../helpers.ts';
import { ENGINES } from '../engines.ts';

const SECRET = 'a-test-secret-that-is-long-enough';

async function meWith(app: Awaited<ReturnType<typeof makeApp>>['app'], session: string) {
  return app.inject({ url: '/api/v1/users/me', headers: { cookie: `session=${encodeURIComponent(session)}` } });
}

/** A user's live sessions (neither revoked nor expired), counted in the table itself. */
async function countLiveSessions(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Math.floor(Date.now() / 1000))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A cookie value signed like @fastify/cookie does: `value.HMAC-SHA256(value) base64 without padding`. */
const sign = (value: string, secret: string) =>
  `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;

describe.each(ENGINES)('session (%s)', (database) => {
  describe('session cookies', () => {
    it('carry a signed random id, not the user id or any claims', async () => {
      const { app } = await makeApp({ database, env: { SECRET } });
      const { session, user } = await signedIn(app);
      const [id, signature] = session.split('.');
      expect(Buffer.from(id, 'base64url')).toHaveLength(32);
      expect(signature).toBeTruthy();
      expect(session).toBe(sign(id, SECRET));
      expect(session).not.toContain(String(user.email));
      expect((await meWith(app, session)).json()).toMatchObject({ id: user.id });
    });

    it('answer 401 for an altered id, a bad signature, or a well-signed id the server never issued', async () => {
      const { app } = await makeApp({ database, env: { SECRET } });
      const { session } = await signedIn(app);
      const [id, signature] = session.split('.');
      const altered = `${id.slice(0, -2)}${id.endsWith('AA') ? 'AB' : 'AA'}.${signature}`;
      // A signature whose first character is changed (to 'x' unless it was one: then it was no change at all, and
      // the cookie passed, once in 64 runs).
      const badSignature = `${id}.${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`;
      for (const bad of [altered, badSignature, sign(id, 'some-other-secret-long-enough'), sign('made-up', SECRET), id]) {
        const response = await meWith(app, bad);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Unauthorized' });
      }
    });

    it('end at logout: a copied cookie no longer works', async () => {
      const { app } = await makeApp({ database });
      const session = await signedIn(app);
      const copied = session.cookie;
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: copied } })).statusCode).toBe(200);
      const out = await app.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout', headers: session.headers });
      expect(out.statusCode).toBe(204);
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: copied } })).statusCode).toBe(401);
    });

    it('end after JWT_EXPIRES seconds, and the expired rows are purged', async () => {
      const { app } = await makeApp({ database, env: { JWT_EXPIRES: '2h' } });
      const session = await signedIn(app);
      const response = await login(app, session.user.email);
      // The session and XSRF cookies live as long as the session; the device cookie (plugins/device-cookie.ts) longer.
      expect(response.headers['set-cookie']).toEqual([
        expect.stringContaining('Max-Age=7200'),
        expect.stringContaining('Max-Age=7200'),
        expect.stringMatching(/^device=.*Max-Age=31536000/),
      ]);
      // Move both sessions' expiry into the past, as two hours passing would.
      await app.db.updateTable('sessions').set((eb) => ({ expires_at: eb('expires_at', '-', 7200) })).execute();
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: session.cookie } })).statusCode).toBe(401);
      expect(await purgeSessions(app.db)).toBe(2);
      expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });

    it('end when the role changes or the account is deactivated', async () => {
      const { app } = await makeApp({ database });
      const promoted = await signedIn(app);
      await setUserRole(app.db, promoted.user.email, 'admin');
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: promoted.cookie } })).statusCode).toBe(401);
      const again = await signIn(app, promoted.user.email);
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: again.cookie } })).json()).toMatchObject({
        role: { name: 'admin' },
      });
      // Setting the same role again is not a change: the session stays.
      await setUserRole(app.db, promoted.user.email, 'admin');
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: again.cookie } })).statusCode).toBe(200);

      const disabled = await signedIn(app);
      await setUserActive(app.db, disabled.user.id, false);
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: disabled.cookie } })).statusCode).toBe(401);
      expect(await countLiveSessions(app.db, disabled.user.id)).toBe(0);
    });

    it('answers 401 once the user is deleted', async () => {
      const { app } = await makeApp({ database });
      const { user, cookie } = await signedIn(app);
      await deleteUser(app.db, user.id);
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
    });

    it('keeps working after a restart with the generated secret', async () => {
      const first = await makeApp({ database });
      const { cookie } = await signedIn(first.app);
      await first.app.close();
      const second = await makeApp({ dataDir: first.dataDir, databaseUrl: first.databaseUrl ?? undefined });
      expect((await second.app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
    });

    it('marks the cookies Secure when the request came over HTTPS through a trusted proxy', async () => {
      const { app } = await makeApp({ database, env: { TRUST_PROXY: '1' } });
      const user = await addUser(app);
      const response = await login(app, user.email, 'correct horse', { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.statusCode).toBe(204);
      const setCookie = response.headers['set-cookie'] as string[];
      // session, XSRF-TOKEN and device.
      expect(setCookie).toHaveLength(3);
      for (const line of setCookie) expect(line).toMatch(/; Secure/);
    });

    it('ignores X-Forwarded-Proto from an untrusted client', async () => {
      const { app } = await makeApp({ database });
      const user = await addUser(app);
      const response = await login(app, user.email, 'correct horse', { headers: { 'x-forwarded-proto': 'https' } });
      for (const line of response.headers['set-cookie'] as string[]) expect(line).not.toMatch(/Secure/);
    });
  });
});
