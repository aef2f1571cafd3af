/**
 * Failed sign-in limits, after OWASP's "device cookies" defence, ASVS 2.2.1 and NIST SP 800-63B 5.2.2: increasing
 * delays instead of a hard lock, counted in a store shared by every API server (db/login-failures.ts: a table),
 * forgotten after WINDOW_MS without attempts.
 *
 * A client is trusted for an account when it presents a device cookie that account's successful sign-in gave it
 * (plugins/device-cookie.ts). Everyone else is untrusted, whatever their address.
 *
 * Untrusted clients, per account (the normalised email, whether or not an account has it, so known and unknown
 * emails behave the same): every attempt is counted as a failure the moment it is let through (a right password
 * takes its count back), so concurrent guesses from many addresses or servers cannot all slip past one read. The
 * first ACCOUNT_FREE_FAILURES cost nothing; after that the next attempt, from any address, must wait
 * accountDelayS(failures) seconds after the last failure (or attempt let through), else 429 with Retry-After. Guessing spread over
 * a botnet therefore gets about one guess a minute per account, however many addresses it has.
 *
 * Trusted clients: limited only by their own failures (the same free count and delays, per device and account),
 * so the owner's known browser signs in at once during an attack on the account, and a stolen device cookie is
 * slowed like anyone once it starts guessing.
 *
 * Per address, untrusted clients only: after ADDRESS_FREE_FAILURES failures (any accounts) in the window, each
 * further attempt from it waits addressDelayS(failures) after its last failure, whatever the account.
 */

/** Failures are remembered this long after the last one, ms. */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 10;
/** Longest wait, s: the owner on a new browser, during an attack, waits about this long for a turn. */
export const MAX_DELAY_S = 60;

/** 1, 2, 4, ... MAX_DELAY_S seconds for the failures past the free ones. */
export function accountDelayS(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

function addressDelayS(failures: number): number {
  if (failures < ADDRESS_FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - ADDRESS_FREE_FAILURES));
}

/** accountDelayS as a table, ms: entry f for f failures, the last entry for any more. */
const ACCOUNT_DELAYS_MS: readonly number[] = (() => {
  const table: number[] = [];
  for (let f = 0; table.length === 0 || table[table.length - 1] < MAX_DELAY_S * 1000; f++) table.push(accountDelayS(f) * 1000);
  return table;
})();

/** What the throttle needs of its store (db/login-failures.ts implements it over the database). */
export interface ThrottleStore {
  read(keys: string[], now: number): Promise<Map<string, Counter>>;
  /** Add one failure to each key. */
  fail(keys: string[], now: number): Promise<void>;
  /**
   * In one atomic step: unless `delaysMs[failures]` (the last entry for more failures) has not yet passed since the
   * counter's last failure, add one failure at `now`. True when added, false when the caller must wait.
   */
  admit(key: string, now: number, delaysMs: readonly number[]): Promise<boolean>;
  /** Move the counter's last failure to `now` (a failure `admit` counted turned out a failure, later). */
  touch(key: string, now: number): Promise<void>;
  /** Take one failure back (never below 0). */
  forgive(key: string): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export interface Counter {
  failures: number;
  /** ms since the epoch. */
  lastFailure: number;
}

/** Who is trying: the client address, and the device id (SHA-256 hex) when its device cookie is valid for the account. */
export interface LoginClient {
  address: string;
  device: string | null;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

const accountKey = (account: string) => `account:${account}`;
const addressKey = (address: string) => `address:${address}`;
const deviceKey = (account: string, device: string) => `device:${device}|${account}`;

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * May this client try this account now? No password hashing, so refusals are cheap. An allowed attempt is
   * already counted as a failure of the account (or of the device): call `success` if the password is right.
   */
  async check(account: string, client: LoginClient): Promise<ThrottleVerdict> {
    const now = this.clock();
    if (client.device) {
      const key = deviceKey(account, client.device);
      if (await this.store.admit(key, now, ACCOUNT_DELAYS_MS)) return { allowed: true };
      return this.refusal([key], now);
    }
    const byAddress = (await this.store.read([addressKey(client.address)], now)).get(addressKey(client.address));
    const addressWait = byAddress ? waitS(byAddress, addressDelayS(byAddress.failures), now) : 0;
    if (addressWait > 0) return { allowed: false, retryAfterS: addressWait };
    if (await this.store.admit(accountKey(account), now, ACCOUNT_DELAYS_MS)) return { allowed: true };
    return this.refusal([accountKey(account)], now);
  }

  /** A wrong password (or unknown email, or disabled account) after an allowed check. */
  async failure(account: string, client: LoginClient): Promise<void> {
    // The account's or device's failure was counted by `check`; the wait runs from now, when the password check
    // ended, not from when it began. The address counts untrusted failures only.
    const now = this.clock();
    if (client.device) {
      await this.store.touch(deviceKey(account, client.device), now);
      return;
    }
    await this.store.touch(accountKey(account), now);
    await this.store.fail([addressKey(client.address)], now);
  }

  /** The right password after an allowed check. */
  async success(account: string, client: LoginClient): Promise<void> {
    if (client.device) {
      await this.store.clear([deviceKey(account, client.device)]);
      return;
    }
    // Only this attempt's count is taken back: clearing the account would give guessers a fresh set of free tries
    // each time the owner signs in.
    await this.store.forgive(accountKey(account));
  }

  private async refusal(keys: string[], now: number): Promise<ThrottleVerdict> {
    const counter = (await this.store.read(keys, now)).get(keys[0]);
    // Another attempt may have been let through between the two reads: still at least a second.
    const wait = counter ? waitS(counter, accountDelayS(counter.failures), now) : 0;
    return { allowed: false, retryAfterS: Math.max(1, wait) };
  }
}

/** Whole seconds left of `delayS` after the counter's last failure (0 when none). */
function waitS(counter: Counter, delayS: number, now: number): number {
  if (delayS === 0) return 0;
  const left = counter.lastFailure + delayS * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
