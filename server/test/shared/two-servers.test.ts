/**
 * Per-process state made shared (issue 15): two API servers (two apps in this process) on one PostgreSQL
 * database and one DATA_DIR (one cookie secret), as behind a load balancer. What one server does, the other sees
 * on the next request. (The multi-process test with a worker lives in ../multi-server/.)
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ACCOUNT_FREE_FAILURES } from '../../src/auth/login-throttle.ts';
import { addUser, login, makeApp, PASSWORD, signIn } from '../helpers.ts';
import { attack, expectInOrShortWait, knownBrowser, signInFrom, turnsWithin } from '../routes/auth/sign-in-attack.ts';

async function twoServers() {
  const a = await makeApp({ database: 'postgres' });
  const b = await makeApp({ dataDir: a.dataDir, databaseUrl: a.databaseUrl! });
  return { a: a.app, b: b.app };
}

const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/v1/users/me', headers: { cookie } });

describe('two API servers on one PostgreSQL', () => {
  it('share sessions: signed in on A works on B, signed out on B is dead on A', async () => {
    const { a, b } = await twoServers();
    const user = await addUser(a);
    const session = await signIn(a, user.email);
    expect((await me(b, session.cookie)).json()).toMatchObject({ email: user.email });
    const logout = await b.inject({ method: 'POST', url: '/api/v1/auth/jwt/logout', headers: session.headers });
    expect(logout.statusCode).toBe(204);
    expect((await me(a, session.cookie)).statusCode).toBe(401);
    expect((await me(b, session.cookie)).statusCode).toBe(401);
  });

  it('share sign-in limits: failures on A count on B', async () => {
    // The clock stands still in this test (timers run as usual; before the apps are built, whose sign-in limits
    // take Date.now then): the sixth try comes within the 1 s wait after the fifth failure however long the five
    // password checks took on a loaded machine, so only the shared count decides.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { a, b } = await twoServers();
    const user = await addUser(a);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect((await login(a, user.email, `wrong-${i}`)).statusCode).toBe(400);
    // The next try from the same address goes to B: it must wait, as it would have on A.
    const refused = await login(b, user.email, 'wrong-again');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'LOGIN_TOO_MANY_ATTEMPTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("share the per-account limit: 1 000 guesses from 50 addresses over A and B, the owner's known browser gets in at once", { timeout: 180_000 }, async () => {
    const { a, b } = await twoServers();
    const owner = await addUser(a);
    // The device cookie comes from A; the owner comes back through B.
    const device = await knownBrowser(a, '192.0.2.7', owner.email, PASSWORD);
    const few = await attack([a, b], owner.email, { guesses: 30, addresses: 30 });
    // As on one server: the free failures, and at most one guess per turn that came round during the burst.
    expect(few.checked).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + turnsWithin(few.elapsedMs));
    expect(few.refused + turnsWithin(few.elapsedMs)).toBeGreaterThanOrEqual(25);

    let ownerReply: number | undefined;
    const tally = await attack([b, a], owner.email, {
      guesses: 1000,
      addresses: 50,
      async between(round) {
        if (round !== 10) return;
        ownerReply = (await signInFrom(b, '198.51.100.20', owner.email, PASSWORD, device)).statusCode;
        expectInOrShortWait(await signInFrom(a, '198.51.100.21', owner.email, PASSWORD));
      },
    });
    expect(tally.other).toEqual(new Map());
    expect(few.checked + tally.checked).toBeLessThanOrEqual(60);
    expect(ownerReply).toBe(204);
  });

  it('share request-rate limits: registration attempts on A and B count in one window', async () => {
    const { a, b } = await twoServers();
    // POST /auth/register allows 30 a minute per address; malformed ones count too (the limit comes first).
    const attempt = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: 'x' } });
    for (let i = 0; i < 30; i++) expect((await attempt(i % 2 === 0 ? a : b)).statusCode).toBe(422);
    for (const app of [a, b]) {
      const refused = await attempt(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many requests, retry in /);
    }
    // Another route keeps its own window: sign-in from the same address still answers.
    expect((await login(b, 'nobody@example.com', 'whatever')).statusCode).toBe(400);
  });
});
