import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES, ADDRESS_FREE_FAILURES, LoginThrottle, MAX_DELAY_S, WINDOW_MS } from '../../src/auth/login-throttle.ts';
import { databaseFailureStore } from '../../src/db/login-failures.ts';
import { ENGINES, freshDb, type Engine } from '../engines.ts';

/** A throttle over a fresh database and a clock the test moves; `other` shares the database (a second server). */
async function clocked(engine: Engine) {
  let now = 1_000_000;
  const db = await freshDb(engine);
  const throttle = new LoginThrottle(databaseFailureStore(db, WINDOW_MS), () => now);
  const other = new LoginThrottle(databaseFailureStore(db, WINDOW_MS), () => now);
  return { db, throttle, other, advance: (ms: number) => (now += ms) };
}

describe.each(ENGINES)('LoginThrottle (%s)', (engine) => {
  it('delays an address that keeps failing for one account by 1, 2, 4 ... seconds, never more than the cap', async () => {
    const { throttle, advance } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect(await throttle.check('a@x', '10.0.0.1')).toEqual({ allowed: true });
      await throttle.failure('a@x', '10.0.0.1');
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const verdict = await throttle.check('a@x', '10.0.0.1');
      expect(verdict.allowed).toBe(false);
      const wait = (verdict as { retryAfterS: number }).retryAfterS;
      waits.push(wait);
      advance(wait * 1000);
      expect(await throttle.check('a@x', '10.0.0.1')).toEqual({ allowed: true });
      await throttle.failure('a@x', '10.0.0.1');
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(MAX_DELAY_S);
  });

  it('slows every address that failed for the account, and lets a fresh one try', async () => {
    const { throttle } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 3; i++) await throttle.failure('a@x', `10.0.0.${i}`);
    expect((await throttle.check('a@x', '10.0.0.0')).allowed).toBe(false);
    expect((await throttle.check('a@x', '10.0.0.7')).allowed).toBe(false);
    expect(await throttle.check('a@x', '10.9.9.9')).toEqual({ allowed: true });
  });

  it('slows an address failing across many accounts, for any account', async () => {
    const { throttle } = await clocked(engine);
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) await throttle.failure(`user${i}@x`, '10.0.0.1');
    expect((await throttle.check('never-tried@x', '10.0.0.1')).allowed).toBe(false);
    expect(await throttle.check('never-tried@x', '10.0.0.2')).toEqual({ allowed: true });
  });

  it('forgets failures after the window, and a success clears the account', async () => {
    const { throttle, advance } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) await throttle.failure('a@x', '10.0.0.1');
    expect((await throttle.check('a@x', '10.0.0.1')).allowed).toBe(false);
    advance(WINDOW_MS + 1);
    expect(await throttle.check('a@x', '10.0.0.1')).toEqual({ allowed: true });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) await throttle.failure('b@x', '10.0.0.2');
    await throttle.success('b@x', '10.0.0.3');
    expect(await throttle.check('b@x', '10.0.0.2')).toEqual({ allowed: true });
  });

  it('counts failures on one server against sign-ins on another, and forgets idle rows', async () => {
    const { db, throttle, other, advance } = await clocked(engine);
    await Promise.all(Array.from({ length: ACCOUNT_FREE_FAILURES + 1 }, () => throttle.failure('a@x', '10.0.0.1')));
    // Concurrent failures all count (one upsert each), and the other server sees them.
    const verdict = await other.check('a@x', '10.0.0.1');
    expect(verdict).toEqual({ allowed: false, retryAfterS: 2 });
    advance(WINDOW_MS + 1);
    await other.failure('b@x', '10.0.0.2');
    expect((await db.selectFrom('login_failures').select('key').orderBy('key').execute()).map((row) => row.key)).toEqual([
      'account:b@x',
      'address:10.0.0.2',
      'pair:10.0.0.2|b@x',
    ]);
  });
});
