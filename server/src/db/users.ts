/**
 * Accounts and roles. The only module that writes SQL for the users and roles tables.
 * Never returns the password hash except through `findCredentialsByEmail`, which login needs.
 * Emails and usernames are unique without regard to case: SQLite's columns are COLLATE NOCASE, PostgreSQL has
 * unique indexes on lower(...), and lookups here compare the same way on each engine.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { dialectOf, foreignKeyViolation, uniqueViolation, type Db } from './database.ts';
import type { Database } from './schema.ts';
import { usernameSkeleton } from '../auth/usernames.ts';
import { forgetUserDevices } from './device-cookies.ts';
import { revokeUserSessions } from './sessions.ts';
import { toUser, USER_COLUMNS, type User, type UserRow } from './user-rows.ts';

export type { User } from './user-rows.ts';

/** Fixed role ids (seeded by migration 1). */
const ROLE_IDS = { user: 1, admin: 2, superuser: 3 } as const;
export type RoleName = keyof typeof ROLE_IDS;
export const ROLE_NAMES = Object.keys(ROLE_IDS) as RoleName[];

export function isRoleName(value: string): value is RoleName {
  return Object.hasOwn(ROLE_IDS, value);
}

/** Role `admin` or `superuser` may use the admin endpoints. */
export function isAdminRole(name: string): boolean {
  return name === 'admin' || name === 'superuser';
}

/** What the API shows about a user (GET /users/me, register). */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  is_superuser: boolean;
  role_id: number;
  role: { id: number; name: string };
}

export function toPublicUser(user: User): PublicUser {
  const { id, email, username, is_superuser, role_id, role } = user;
  return { id, email, username, is_superuser, role_id, role: { id: role.id, name: role.name } };
}

export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`A user with this ${field} already exists`);
    this.name = 'DuplicateUserError';
  }
}

const selectUser = (db: Db) => db.selectFrom('users as u').innerJoin('roles as r', 'r.id', 'u.role_id').select(USER_COLUMNS);

/**
 * `column = value` without regard to (ASCII) case: on SQLite the column's NOCASE collation does it (and its
 * unique index serves the lookup); on PostgreSQL lower() on both sides matches the unique index on lower(column).
 */
function sameText(db: Db, column: 'email' | 'username', value: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    dialectOf(db) === 'postgres' ? eb(sql`lower(${sql.ref(column)})`, '=', sql<string>`lower(${value})`) : eb(column, '=', value);
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await selectUser(db).where('u.id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

async function findRowByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const id = await db.selectFrom('users').select('id').where(sameText(db, 'email', email)).executeTakeFirst();
  return id && selectUser(db).where('u.id', '=', id.id).executeTakeFirst();
}

/** Emails compare case-insensitively. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const row = await findRowByEmail(db, email);
  return row && toUser(row);
}

export async function findCredentialsByEmail(db: Db, email: string): Promise<{ user: User; passwordHash: string } | undefined> {
  const row = await findRowByEmail(db, email);
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

export async function listUsers(db: Db): Promise<User[]> {
  return (await selectUser(db).orderBy('u.id').execute()).map(toUser);
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  role: RoleName;
  isDemo?: boolean;
}

/** Insert a user; throws DuplicateUserError when the email or username is taken. */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      // Check first so the error names the field; the unique indexes still guard against races.
      if (await trx.selectFrom('users').select('id').where(sameText(trx, 'email', input.email)).executeTakeFirst()) {
        throw new DuplicateUserError('email');
      }
      if (await trx.selectFrom('users').select('id').where(sameText(trx, 'username', input.username)).executeTakeFirst()) {
        throw new DuplicateUserError('username');
      }
      // A name that looks like a taken one (`аdmin` with a Cyrillic а, `adm1n`) counts as taken. A scan of
      // the names: accounts number in the tens to thousands, and registration is rare.
      const skeleton = usernameSkeleton(input.username);
      const names = await trx.selectFrom('users').select('username').execute();
      if (names.some((row) => usernameSkeleton(row.username) === skeleton)) throw new DuplicateUserError('username');
      const inserted = await trx
        .insertInto('users')
        .values({
          email: input.email,
          username: input.username,
          password_hash: input.passwordHash,
          role_id: ROLE_IDS[input.role],
          is_demo: input.isDemo ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined && /email/.test(constraint)) throw new DuplicateUserError('email');
    if (constraint !== undefined && /username/.test(constraint)) throw new DuplicateUserError('username');
    throw error;
  }
  return (await findUserById(db, id))!;
}

/**
 * Returns the updated user, or undefined when no user has this email. A changed role ends the user's
 * sessions: they sign in again and get pages and rights that match the new role.
 */
export async function setUserRole(db: Db, email: string, role: RoleName): Promise<User | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await findUserByEmail(trx, email);
    if (!before) return undefined;
    if (before.role_id === ROLE_IDS[role]) return before;
    await trx.updateTable('users').set({ role_id: ROLE_IDS[role] }).where('id', '=', before.id).execute();
    await revokeUserSessions(trx, before.id);
    return findUserById(trx, before.id);
  });
}

/** A new password also makes every browser's device cookie stop counting for the account. */
export async function setUserPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  await forgetUserDevices(db, id);
}

/** Deactivating an account also ends its sessions. */
export async function setUserActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.updateTable('users').set({ is_active: active ? 1 : 0 }).where('id', '=', id).execute();
  if (!active) await revokeUserSessions(db, id);
}

/** Delete a user; returns false when rows of other tables still refer to it (foreign keys). */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  try {
    await db.deleteFrom('users').where('id', '=', id).execute();
    return true;
  } catch (error) {
    if (foreignKeyViolation(error)) return false;
    throw error;
  }
}
