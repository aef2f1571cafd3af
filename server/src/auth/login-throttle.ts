/**
 * Failed sign-in limits, after OWASP ASVS 2.2.1 and NIST SP 800-63B 5.2.2: increasing delays instead of a
 * hard lock, counted per account across all addresses and per address across all accounts. In memory (one
 * process), bounded, forgotten after WINDOW_MS without failures.
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
/** Entries kept per map before the oldest are dropped (memory bound under a flood of made-up emails). */
const MAX_ENTRIES = 50_000;

/** 1, 2, 4, ... MAX_DELAY_S seconds for the failures past the free ones. */
export function accountDelayS(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

export function addressDelayS(failures: number): number {
  if (failures < ADDRESS_FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - ADDRESS_FREE_FAILURES));
}

interface Counter {
  failures: number;
  /** ms since the epoch. */
  lastFailure: number;
}

/** A Map in insertion order, re-inserted on update, so the first key is the least recently failed. */
class Counters {
  private readonly map = new Map<string, Counter>();

  get(key: string, now: number): Counter | undefined {
    const entry = this.map.get(key);
    if (entry && now - entry.lastFailure > WINDOW_MS) {
      this.map.delete(key);
      return undefined;
    }
    return entry;
  }

  fail(key: string, now: number): Counter {
    const entry = this.get(key, now) ?? { failures: 0, lastFailure: now };
    entry.failures += 1;
    entry.lastFailure = now;
    this.map.delete(key);
    this.map.set(key, entry);
    if (this.map.size > MAX_ENTRIES) this.map.delete(this.map.keys().next().value!);
    return entry;
  }

  clear(key: string): void {
    this.map.delete(key);
  }
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

export class LoginThrottle {
  private readonly accounts = new Counters();
  private readonly addresses = new Counters();
  private readonly pairs = new Counters();

  constructor(private readonly clock: () => number = Date.now) {}

  /** May this address try this account now? Costs no password hashing, so refusals are cheap. */
  check(account: string, address: string): ThrottleVerdict {
    const now = this.clock();
    const waits: number[] = [];
    const byAddress = this.addresses.get(address, now);
    const addressWait = byAddress ? waitS(byAddress, addressDelayS(byAddress.failures), now) : 0;
    if (addressWait > 0) waits.push(addressWait);
    const byAccount = this.accounts.get(account, now);
    const suspect = this.pairs.get(`${address}|${account}`, now) !== undefined || addressWait > 0;
    if (byAccount && suspect) {
      const accountWait = waitS(byAccount, accountDelayS(byAccount.failures), now);
      if (accountWait > 0) waits.push(accountWait);
    }
    return waits.length ? { allowed: false, retryAfterS: Math.max(...waits) } : { allowed: true };
  }

  /** Count a wrong password (or unknown email, or disabled account). */
  failure(account: string, address: string): void {
    const now = this.clock();
    this.accounts.fail(account, now);
    this.addresses.fail(address, now);
    this.pairs.fail(`${address}|${account}`, now);
  }

  /** The right password: the account and this address start afresh. */
  success(account: string, address: string): void {
    this.accounts.clear(account);
    this.pairs.clear(`${address}|${account}`);
  }
}

/** Whole seconds left of `delayS` after the counter's last failure (0 when none). */
function waitS(counter: Counter, delayS: number, now: number): number {
  if (delayS === 0) return 0;
  const left = counter.lastFailure + delayS * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
