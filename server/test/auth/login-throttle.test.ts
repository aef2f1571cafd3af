import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES, ADDRESS_FREE_FAILURES, LoginThrottle, MAX_DELAY_S, WINDOW_MS } from '../../src/auth/login-throttle.ts';

function clocked() {
  let now = 1_000_000;
  const throttle = new LoginThrottle(() => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('delays an address that keeps failing for one account by 1, 2, 4 ... seconds, never more than the cap', () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect(throttle.check('a@x', '10.0.0.1')).toEqual({ allowed: true });
      throttle.failure('a@x', '10.0.0.1');
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const verdict = throttle.check('a@x', '10.0.0.1');
      expect(verdict.allowed).toBe(false);
      const wait = (verdict as { retryAfterS: number }).retryAfterS;
      waits.push(wait);
      advance(wait * 1000);
      expect(throttle.check('a@x', '10.0.0.1')).toEqual({ allowed: true });
      throttle.failure('a@x', '10.0.0.1');
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(MAX_DELAY_S);
  });

  it('slows every address that failed for the account, and lets a fresh one try', () => {
    const { throttle } = clocked();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 3; i++) throttle.failure('a@x', `10.0.0.${i}`);
    expect(throttle.check('a@x', '10.0.0.0').allowed).toBe(false);
    expect(throttle.check('a@x', '10.0.0.7').allowed).toBe(false);
    expect(throttle.check('a@x', '10.9.9.9')).toEqual({ allowed: true });
  });

  it('slows an address failing across many accounts, for any account', () => {
    const { throttle } = clocked();
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++) throttle.failure(`user${i}@x`, '10.0.0.1');
    expect(throttle.check('never-tried@x', '10.0.0.1').allowed).toBe(false);
    expect(throttle.check('never-tried@x', '10.0.0.2')).toEqual({ allowed: true });
  });

  it('forgets failures after the window, and a success clears the account', () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) throttle.failure('a@x', '10.0.0.1');
    expect(throttle.check('a@x', '10.0.0.1').allowed).toBe(false);
    advance(WINDOW_MS + 1);
    expect(throttle.check('a@x', '10.0.0.1')).toEqual({ allowed: true });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) throttle.failure('b@x', '10.0.0.2');
    throttle.success('b@x', '10.0.0.3');
    expect(throttle.check('b@x', '10.0.0.2')).toEqual({ allowed: true });
  });
});
