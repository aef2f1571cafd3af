/**
 * Failed sign-in limits, after OWASP ASVS 2.2.1 and NIST SP 800-63B 5.2.2: increasing delays instead of a
 * hard lock, counted per account across all addresses and per address across all accounts. Counted in a
 * store shared by every API server (db/login-failures.ts: a table), forgotten after WINDOW_MS without failures.
 *
 * Per account (the normalised email, whether or not an account has it, so known and unknown emails behave
 * the same): the first ACCOUNT_FREE_FAILURES failures cost nothing. After that, an address that has itself
 * failed for this account (or is over its own limit) must wait accountDelayS(failures) seconds after the
 * account's last failure, else 429 with Retry-After. An address that has not failed for this account may
 * still try at once: the owner signing in from their own address is never locked out by guesses from
 * elsewhere, and each guessing address gets one try before it is slowed down like the rest.
 *
 * Per address: after ADDRESS_FREE_FAILURES failures (any accounts) in the window, each further attempt from
 * it waits addressDelayS(failures) after its last failure, whatever the account.
 */

/** Failures are remembered this long after the last one, ms. */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 10;
/** Longest wait, s: a forecaster behind the same NAT as a guesser waits at most this long. */
export const MAX_DELAY_S = 60;

/** 1, 2, 4, ... MAX_DELAY_S seconds for the failures past the free ones. */
export function accountDelayS(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

export function addressDelayS(failures: number): number {
  if (failures < ADDRESS_FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - ADDRESS_FREE_FAILURES));
}

/** What the throttle needs of its store (db/login-failures.ts implements it over the database). */
export interface ThrottleStore {
  read(keys: string[], now: number): Promise<Map<string, Counter>>;
  fail(keys: string[], now: number): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

interface Counter {
  failures: number;
  /** ms since the epoch. */
  lastFailure: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

const accountKey = (account: string) => `account:${account}`;
const addressKey = (address: string) => `address:${address}`;
const pairKey = (account: string, address: string) => `pair:${address}|${account}`;

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** May this address try this account now? One read, no password hashing, so refusals are cheap. */
  async check(account: string, address: string): Promise<ThrottleVerdict> {
    const now = this.clock();
    const counters = await this.store.read([addressKey(address), accountKey(account), pairKey(account, address)], now);
    const waits: number[] = [];
    const byAddress = counters.get(addressKey(address));
    const addressWait = byAddress ? waitS(byAddress, addressDelayS(byAddress.failures), now) : 0;
    if (addressWait > 0) waits.push(addressWait);
    const byAccount = counters.get(accountKey(account));
    const suspect = counters.has(pairKey(account, address)) || addressWait > 0;
    if (byAccount && suspect) {
      const accountWait = waitS(byAccount, accountDelayS(byAccount.failures), now);
      if (accountWait > 0) waits.push(accountWait);
    }
    return waits.length ? { allowed: false, retryAfterS: Math.max(...waits) } : { allowed: true };
  }

  /** Count a wrong password (or unknown email, or disabled account). */
  async failure(account: string, address: string): Promise<void> {
    await this.store.fail([accountKey(account), addressKey(address), pairKey(account, address)], this.clock());
  }

  /** The right password: the account and this address start afresh. */
  async success(account: string, address: string): Promise<void> {
    await this.store.clear([accountKey(account), pairKey(account, address)]);
  }
}

/** Whole seconds left of `delayS` after the counter's last failure (0 when none). */
function waitS(counter: Counter, delayS: number, now: number): number {
  if (delayS === 0) return 0;
  const left = counter.lastFailure + delayS * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
