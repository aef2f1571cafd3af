/**
 * Signing in during a password-guessing attack, in real Chromium against the real server. The server trusts
 * X-Forwarded-For (TRUST_PROXY=1, as behind the reverse proxy), so guesses sent from Node appear to come from many
 * addresses while the browsers come from 127.0.0.1. The owner's browser that signed in before (its device cookie)
 * gets in at once; a browser that never signed in is told to wait; the guessers get about one try per turn.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts, newPage, screenshotPath, signIn, type RunningServer } from './harness.ts';
import { useJourney } from './journey.ts';

let server: RunningServer;
let browser: Browser;

useJourney((started) => ({ server, browser } = started), { env: { TRUST_PROXY: '1' } });

const owner = demoAccounts.user;

/** Wrong guesses for the owner's email every 50 ms, each from the next of 250 documentation addresses, until stopped. */
function startAttack() {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const reply = await fetch(`${server.url}/api/v1/auth/jwt/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${1 + (i % 250)}` },
        body: new URLSearchParams({ username: owner.email, password: `guess-${i}` }),
      });
      statuses.push(reply.status);
      await new Promise((done) => setTimeout(done, 50));
    }
  })();
  return {
    statuses,
    /** Guesses that reached the password check. */
    checked: () => statuses.filter((status) => status === 400).length,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

describe('signing in during an attack on the account', () => {
  it("lets the owner's known browser in at once and tells a new browser to wait", { timeout: 120_000 }, async () => {
    const known = await newPage(browser);
    const fresh = await newPage(browser);
    // The owner signed in on this browser before, then signed out (the device cookie stays).
    await signIn(known.page, server.url, owner);
    await known.page.getByRole('button', { name: 'Выйти' }).click();
    await known.page.waitForURL(`${server.url}/login`);
    expect((await known.context.cookies()).map((cookie) => cookie.name)).toContain('device');

    const attack = startAttack();
    try {
      // Until the guessers have used the 5 free failures and three turns (1, 2 and 4 s apart): the wait is now 8 s.
      await expect.poll(attack.checked, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(8);

      // A browser that never signed in: told how many seconds to wait (the server's Retry-After), and stays on the sign-in page.
      await fresh.page.goto(`${server.url}/login`);
      await fresh.page.getByPlaceholder('Почта').fill(owner.email);
      await fresh.page.getByPlaceholder('Пароль').fill(owner.password);
      await fresh.page.getByRole('button', { name: 'Войти' }).click();
      await fresh.page.getByText(/^Слишком много попыток входа\. Попробуйте снова через \d+ (секунду|секунды|секунд)\.$/).waitFor();
      expect(new URL(fresh.page.url()).pathname).toBe('/login');
      await fresh.page.screenshot({ path: screenshotPath('sign-in-attack-new-browser') });

      // The owner's browser: straight to the dashboard.
      await known.page.getByPlaceholder('Почта').fill(owner.email);
      await known.page.getByPlaceholder('Пароль').fill(owner.password);
      await known.page.getByRole('button', { name: 'Войти' }).click();
      await known.page.waitForURL(`${server.url}/`);
      await known.page.screenshot({ path: screenshotPath('sign-in-attack-known-browser') });
    } finally {
      await attack.stop();
      await known.context.close();
      await fresh.context.close();
    }
    // Most guesses were turned away without a password check.
    const refused = attack.statuses.filter((status) => status === 429).length;
    expect(attack.statuses.length - refused - attack.checked()).toBe(0);
    expect(refused).toBeGreaterThan(attack.checked() * 5);
  });
});
