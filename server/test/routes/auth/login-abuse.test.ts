/**
 * The bounded abuse test of issue 14: 1 000 password guesses against one account, spread over 50 loopback
 * addresses (127.0.0.1-50, given to inject() as the client address; nothing leaves the process), then the
 * real owner signs in from a fresh address. Stops by itself; a few seconds, most of them scrypt.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES } from '../../../src/auth/login-throttle.ts';
import { addUser, makeApp, PASSWORD } from '../../helpers.ts';

const GUESSES = 1000;
const ADDRESSES = 50;

describe('1 000 guesses from 50 addresses against one account', () => {
  it("are slowed down, and the owner still signs in from a fresh address within a minute", { timeout: 120_000 }, async () => {
    const { app, logs } = await makeApp();
    const owner = await addUser(app, 'user', 'forecaster@example.com');
    const attempt = (remoteAddress: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/jwt/login',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: owner.email, password }).toString(),
      });

    const counts = new Map<number, number>();
    let shortestRetry = Infinity;
    for (let i = 0; i < GUESSES; i++) {
      const response = await attempt(`127.0.0.${1 + (i % ADDRESSES)}`, `guess-${i}`);
      counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 429) shortestRetry = Math.min(shortestRetry, Number(response.headers['retry-after']));
    }
    // Only the free failures and each address's first try reach the password check; the rest wait.
    expect(counts.get(200) ?? 0).toBe(0);
    expect(counts.get(204) ?? 0).toBe(0);
    const checked = counts.get(400) ?? 0;
    expect(checked).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + ADDRESSES);
    expect(counts.get(429)).toBe(GUESSES - checked);
    expect(shortestRetry).toBeGreaterThanOrEqual(1);
    expect(logs()).toContain('sign-in refused: too many failures');

    // An address that guessed is made to wait, even with the right password.
    expect((await attempt('127.0.0.1', PASSWORD)).statusCode).toBe(429);

    const started = Date.now();
    const real = await attempt('127.0.0.200', PASSWORD);
    expect(real.statusCode).toBe(204);
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});
