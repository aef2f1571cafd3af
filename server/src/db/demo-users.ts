/**
 * The demo accounts. With DEMO on they are created if missing (and re-enabled if an earlier DEMO=0 start
 * disabled them); with DEMO off they are deleted, or disabled when other rows still refer to them.
 * Only rows marked is_demo are touched: a real account that happens to use one of these emails is left alone.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/password.ts';
import type { Db } from './database.ts';
import { LOCK_KEYS, withLock } from './locks.ts';
import {
  createUser,
  deleteUser,
  DuplicateUserError,
  findUserByEmail,
  listUsers,
  setUserActive,
  setUserPassword,
  setUserRole,
  type RoleName,
} from './users.ts';

/** Shorter than the 8 characters registration asks for: demo accounts are for trying the product locally. */
export const DEMO_PASSWORD = 'demo';

/**
 * The demo password is published (above and in the README), so one hash of it serves every demo account this
 * process seeds or restores: a full-cost scrypt is ~70 ms of CPU, three per start (and per app in the tests).
 */
let demoPasswordHash: Promise<string> | undefined;
const hashOfDemoPassword = (): Promise<string> => (demoPasswordHash ??= hashPassword(DEMO_PASSWORD));

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; username: string; role: RoleName }> = [
  { email: 'admin@demo.local', username: 'admin', role: 'admin' },
  { email: 'super@demo.local', username: 'super', role: 'superuser' },
  { email: 'test@demo.local', username: 'test', role: 'user' },
];

export interface DemoSeedResult {
  created: string[];
  /** Emails left alone because a non-demo account holds the email or username. */
  skipped: string[];
}

/** Servers starting together take turns (db/locks.ts), so the second finds the accounts made, not a clash. */
export async function seedDemoAccounts(db: Db): Promise<DemoSeedResult> {
  return withLock(db, LOCK_KEYS.demoAccounts, () => seedUnlocked(db));
}

async function seedUnlocked(db: Db): Promise<DemoSeedResult> {
  const result: DemoSeedResult = { created: [], skipped: [] };
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByEmail(db, account.email);
    if (existing && !existing.is_demo) {
      result.skipped.push(account.email);
      continue;
    }
    if (existing) {
      if (!existing.is_active) {
        // It was disabled (and its password scrambled) by a DEMO=0 start: restore it as documented.
        await setUserPassword(db, existing.id, await hashOfDemoPassword());
        await setUserActive(db, existing.id, true);
      }
      if (existing.role.name !== account.role) await setUserRole(db, account.email, account.role);
      continue;
    }
    try {
      await createUser(db, { ...account, passwordHash: await hashOfDemoPassword(), isDemo: true });
      result.created.push(account.email);
    } catch (error) {
      if (!(error instanceof DuplicateUserError)) throw error;
      result.skipped.push(account.email);
    }
  }
  return result;
}

/** Returns how many demo accounts were deleted and how many only disabled. */
export async function removeDemoAccounts(db: Db): Promise<{ deleted: number; disabled: number }> {
  return withLock(db, LOCK_KEYS.demoAccounts, () => removeUnlocked(db));
}

async function removeUnlocked(db: Db): Promise<{ deleted: number; disabled: number }> {
  const counts = { deleted: 0, disabled: 0 };
  for (const user of (await listUsers(db)).filter((u) => u.is_demo)) {
    if (await deleteUser(db, user.id)) {
      counts.deleted++;
    } else if (user.is_active) {
      // Kept because other rows refer to it: make sure nobody can sign in with the published password.
      await setUserPassword(db, user.id, await hashPassword(randomUUID()));
      await setUserActive(db, user.id, false);
      counts.disabled++;
    }
  }
  return counts;
}
