/**
 * Bounded abuse tests of the sign-in limits: password guesses against one account spread over many addresses, sent
 * a round at a time (one guess from every address at once), while the real owner signs in from the browser that
 * has signed in before. Stops by itself; a few seconds, most of them scrypt.
 */
import { describe, expect, it } from 'vitest';
import { addUser, makeApp, PASSWORD } from '../../helpers.ts';
import { ACCOUNT_FREE_FAILURES } from '../../../src/auth/login-throttle.ts';
import { attack, expectInOrShortWait, knownBrowser, signInFrom, turnsWithin } from './sign-in-attack.ts';

describe('password guessing spread over many addresses', () => {
  it('30 addresses trying one password each: at least 25 are slowed or refused', async () => {
    const { app } = await makeApp();
    const owner = await addUser(app, 'user', 'forecaster@example.com');
    const tally = await attack([app], owner.email, { guesses: 30, addresses: 30 });
    expect(tally.other).toEqual(new Map());
    // The 5 free failures reach the password check; the rest are refused, or let through one per turn if the burst
    // itself outlasts a turn's wait (slowed): at least 25 slowed or refused either way.
    const slowed = turnsWithin(tally.elapsedMs);
    expect(tally.checked).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + slowed);
    expect(tally.refused + slowed).toBeGreaterThanOrEqual(25);
  });

  it("1 000 guesses from 50 addresses: at most 60 reach the password check; the owner's known browser gets in at once", { timeout: 120_000 }, async () => {
    const { app, logs } = await makeApp();
    const owner = await addUser(app, 'user', 'forecaster@example.com');
    const device = await knownBrowser(app, '192.0.2.7', owner.email, PASSWORD);

    let ownerReply: number | undefined;
    const tally = await attack([app], owner.email, {
      guesses: 1000,
      addresses: 50,
      async between(round) {
        if (round !== 10) return;
        // In the middle of it: the owner on the browser that signed in before, first try, from a new address…
        ownerReply = (await signInFrom(app, '198.51.100.20', owner.email, PASSWORD, device)).statusCode;
        // …and the owner on a new browser: let in if a turn is free, else told to wait at most a minute.
        expectInOrShortWait(await signInFrom(app, '198.51.100.21', owner.email, PASSWORD));
      },
    });
    expect(tally.other).toEqual(new Map());
    expect(tally.checked).toBeLessThanOrEqual(60);
    expect(tally.refused).toBe(1000 - tally.checked);
    expect(ownerReply).toBe(204);
    expect(logs()).toContain('sign-in refused: too many failures');
  });
});
