/**
 * Password guessing against one account spread over many loopback addresses (given to inject() as the client
 * address; nothing leaves the process), for the sign-in limit tests on one server and on two. Each round sends one
 * guess from every address at once, as a botnet does; `between` runs after each round (the owner signing in).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ACCOUNT_FREE_FAILURES, accountDelayS, MAX_DELAY_S } from '../../../src/auth/login-throttle.ts';
import { cookieValue, login } from '../../helpers.ts';

export function signInFrom(app: FastifyInstance, remoteAddress: string, email: string, password: string, cookie?: string) {
  return login(app, email, password, { remoteAddress, headers: cookie ? { cookie } : {} });
}

/** Sign in and return the Cookie header carrying the device cookie the browser got. */
export async function knownBrowser(app: FastifyInstance, remoteAddress: string, email: string, password: string): Promise<string> {
  const response = await signInFrom(app, remoteAddress, email, password);
  expect(response.statusCode).toBe(204);
  return `device=${cookieValue(response, 'device')}`;
}

export interface AttackTally {
  /** Guesses that reached the password check (answered 400). */
  checked: number;
  /** Guesses told to wait (429 with Retry-After and detail). */
  refused: number;
  /** Anything else, by status: should stay empty. */
  other: Map<number, number>;
  /** From the first guess sent to the last answer, ms. */
  elapsedMs: number;
}

/**
 * How many guesses the limit may let through past the free ones in `ms`: one per turn, the turns 1, 2, 4 … s
 * apart. A burst that takes longer than a second to arrive (a loaded machine, real processes) meets a turn that
 * has come round; such a guess was slowed, not let through at once.
 */
export function turnsWithin(ms: number): number {
  let turns = 0;
  for (let waited = accountDelayS(ACCOUNT_FREE_FAILURES) * 1000; waited <= ms; waited += accountDelayS(ACCOUNT_FREE_FAILURES + turns) * 1000) turns++;
  return turns;
}

/** Send `guesses` wrong passwords for `email` from `addresses` addresses (10.66.x.y), round-robin over `apps`. */
export async function attack(
  apps: FastifyInstance[],
  email: string,
  options: { guesses: number; addresses: number; between?: (round: number) => Promise<void> },
): Promise<AttackTally> {
  const tally: AttackTally = { checked: 0, refused: 0, other: new Map(), elapsedMs: 0 };
  const started = Date.now();
  const rounds = Math.ceil(options.guesses / options.addresses);
  let sent = 0;
  for (let round = 0; round < rounds; round++) {
    const batch: Array<Promise<LightMyRequestResponse>> = [];
    for (let a = 0; a < options.addresses && sent < options.guesses; a++, sent++) {
      batch.push(signInFrom(apps[sent % apps.length], `10.66.${Math.floor(a / 250)}.${1 + (a % 250)}`, email, `guess-${sent}`));
    }
    for (const response of await Promise.all(batch)) {
      if (response.statusCode === 400) tally.checked++;
      else if (response.statusCode === 429) {
        expectWaitReply(response);
        tally.refused++;
      } else tally.other.set(response.statusCode, (tally.other.get(response.statusCode) ?? 0) + 1);
    }
    await options.between?.(round);
  }
  tally.elapsedMs = Date.now() - started;
  return tally;
}

/**
 * The owner on a browser that has not signed in before, during an attack: let in when a turn is free, else told to
 * wait at most a minute.
 */
export function expectInOrShortWait(response: LightMyRequestResponse): void {
  if (response.statusCode !== 204) expectWaitReply(response);
}

/** A 429 of the sign-in limits: the detail, and a Retry-After of 1 to MAX_DELAY_S seconds. */
export function expectWaitReply(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ detail: 'LOGIN_TOO_MANY_ATTEMPTS' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(MAX_DELAY_S);
}
