import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_FREE_FAILURES,
  LoginThrottle,
  MAX_DELAY_S,
  WINDOW_MS,
  type LoginClient,
} from '../../src/auth/login-throttle.ts';
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

const from = (address: string): LoginClient => ({ address, device: null });
const knownBrowser = (device: string, address = '10.0.0.1'): LoginClient => ({ address, device });

/** One wrong guess: checked, and counted as a failure when let through. */
async function guess(throttle: LoginThrottle, account: string, client: LoginClient) {
  const verdict = await throttle.check(account, client);
  if (verdict.allowed) await throttle.failure(account, client);
  return verdict;
}

describe.each(ENGINES)('LoginThrottle (%s)', (engine) => {
  it('delays a client that keeps failing for one account by 1, 2, 4 ... seconds, never more than the cap', async () => {
    const { throttle, advance } = await clocked(engine);
    // Each guess from its own address, so only the account's limit applies.
    let address = 0;
    const next = () => from(`10.0.0.${address++}`);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect(await guess(throttle, 'a@x', next())).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const verdict = await throttle.check('a@x', next());
      expect(verdict.allowed).toBe(false);
      const wait = (verdict as { retryAfterS: number }).retryAfterS;
      waits.push(wait);
      advance(wait * 1000);
      expect(await guess(throttle, 'a@x', next())).toEqual({ allowed: true });
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(MAX_DELAY_S);
  });

  it('counts the wait from the end of a slow password check, not from its start', async () => {
    const { throttle, advance } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) await guess(throttle, 'a@x', from(`10.0.6.${i}`));
    expect(await throttle.check('a@x', from('10.0.6.50'))).toEqual({ allowed: true });
    advance(800); // scrypt on a busy machine
    await throttle.failure('a@x', from('10.0.6.50'));
    advance(500);
    expect(await throttle.check('a@x', from('10.0.6.51'))).toEqual({ allowed: false, retryAfterS: 1 });
    advance(500);
    expect(await throttle.check('a@x', from('10.0.6.51'))).toEqual({ allowed: true });
  });

  it('slows 30 addresses trying one password each: only the free failures reach the password check', async () => {
    const { throttle } = await clocked(engine);
    const verdicts = [];
    for (let i = 0; i < 30; i++) verdicts.push(await guess(throttle, 'a@x', from(`10.0.1.${i}`)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(ACCOUNT_FREE_FAILURES);
    // A fresh address is no exception; the unrelated account is untouched.
    expect((await throttle.check('a@x', from('10.9.9.9'))).allowed).toBe(false);
    expect(await throttle.check('b@x', from('10.0.1.0'))).toEqual({ allowed: true });
  });

  it('lets exactly the free attempts through when 50 addresses on two servers try at the same moment', async () => {
    const { throttle, other } = await clocked(engine);
    const verdicts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? throttle : other).check('a@x', from(`10.0.2.${i}`))),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(ACCOUNT_FREE_FAILURES);
  });

  it("lets the owner's known browser through an attack, limited only by its own failures", async () => {
    const { throttle, advance } = await clocked(engine);
    for (let i = 0; i < 40; i++) await guess(throttle, 'a@x', from(`10.0.3.${i}`));
    expect((await throttle.check('a@x', from('10.0.3.200'))).allowed).toBe(false);
    const owner = knownBrowser('d1');
    expect(await throttle.check('a@x', owner)).toEqual({ allowed: true });
    await throttle.success('a@x', owner);
    // Its success does not give the guessers fresh free tries.
    expect((await throttle.check('a@x', from('10.0.3.201'))).allowed).toBe(false);
    // Its own mistakes: free ones, then the same delays, and another known browser is not affected.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect(await guess(throttle, 'a@x', owner)).toEqual({ allowed: true });
    expect(await throttle.check('a@x', owner)).toEqual({ allowed: false, retryAfterS: 1 });
    expect(await throttle.check('a@x', knownBrowser('d2'))).toEqual({ allowed: true });
    advance(1000);
    expect(await throttle.check('a@x', owner)).toEqual({ allowed: true });
  });

  it('lets the owner on a new browser in within a minute of the last guess', async () => {
    const { throttle, advance } = await clocked(engine);
    // Guessers taking every turn they are given, until the delay reaches its cap (2^6 s > 60 s).
    for (let guesses = 0, i = 0; guesses < ACCOUNT_FREE_FAILURES + 6; i++) {
      const verdict = await guess(throttle, 'a@x', from(`10.0.4.${i}`));
      if (verdict.allowed) guesses++;
      else advance(verdict.retryAfterS * 1000);
    }
    const refused = await throttle.check('a@x', from('10.0.4.250'));
    expect(refused).toEqual({ allowed: false, retryAfterS: MAX_DELAY_S });
    advance(MAX_DELAY_S * 1000);
    expect(await throttle.check('a@x', from('10.0.4.250'))).toEqual({ allowed: true });
  });

  it("takes back only the right password's own attempt, so the owner signing in never resets an attack", async () => {
    const { throttle } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) await guess(throttle, 'a@x', from(`10.0.5.${i}`));
    for (let i = 0; i < 3; i++) {
      expect(await throttle.check('a@x', from('10.0.5.100'))).toEqual({ allowed: true });
      await throttle.success('a@x', from('10.0.5.100'));
    }
    expect(await guess(throttle, 'a@x', from('10.0.5.50'))).toEqual({ allowed: true });
    expect((await guess(throttle, 'a@x', from('10.0.5.51'))).allowed).toBe(false);
  });

  it('slows an address failing across many accounts, for any account, unless the browser is known for it', async () => {
    const { throttle } = await clocked(engine);
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) await guess(throttle, `user${i}@x`, from('10.0.0.1'));
    expect((await throttle.check('never-tried@x', from('10.0.0.1'))).allowed).toBe(false);
    expect(await throttle.check('never-tried@x', from('10.0.0.2'))).toEqual({ allowed: true });
    expect(await throttle.check('owner@x', knownBrowser('d1', '10.0.0.1'))).toEqual({ allowed: true });
  });

  it('forgets failures after the window', async () => {
    const { throttle, advance } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) await guess(throttle, 'a@x', from('10.0.0.1'));
    expect((await throttle.check('a@x', from('10.0.0.1'))).allowed).toBe(false);
    advance(WINDOW_MS + 1);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect(await guess(throttle, 'a@x', from('10.0.0.1'))).toEqual({ allowed: true });
  });

  it('counts failures on one server against sign-ins on another, and forgets idle rows', async () => {
    const { db, throttle, other, advance } = await clocked(engine);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await guess(i % 2 ? throttle : other, 'a@x', from('10.0.0.1'));
    expect(await other.check('a@x', from('10.0.0.1'))).toEqual({ allowed: false, retryAfterS: 1 });
    expect(await throttle.check('a@x', from('10.0.0.1'))).toEqual({ allowed: false, retryAfterS: 1 });
    advance(WINDOW_MS + 1);
    await guess(other, 'b@x', from('10.0.0.2'));
    expect((await db.selectFrom('login_failures').select('key').orderBy('key').execute()).map((row) => row.key)).toEqual([
      'account:b@x',
      'address:10.0.0.2',
    ]);
  });
});
