/**
 * Accounts and roles. The only module that writes SQL for the users and roles tables.
 * Never returns the password hash except through `findCredentialsByEmail`, which login needs.
 */
import type { Db } from './database.ts';
import { revokeUserSessions } from './sessions.ts';

/** Fixed role ids (seeded by migration 1). */
export const ROLE_IDS = { user: 1, admin: 2, superuser: 3 } as const;
export type RoleName = keyof typeof ROLE_IDS;
export const ROLE_NAMES = Object.keys(ROLE_IDS) as RoleName[];

export function isRoleName(value: string): value is RoleName {
  return Object.hasOwn(ROLE_IDS, value);
}

/** Role `admin` or `superuser` may use the admin endpoints. */
export function isAdminRole(name: string): boolean {
  return name === 'admin' || name === 'superuser';
}

export interface User {
  id: number;
  email: string;
  username: string;
  role_id: number;
  role: { id: number; name: string };
  /** Derived from the role, so the two can never disagree. */
  is_superuser: boolean;
  is_active: boolean;
  is_demo: boolean;
  created_at: string;
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

/** A users row joined with its role name (sessions.ts reads the same columns in its one-query lookup). */
export interface UserRow {
  id: number;
  email: string;
  username: string;
  role_id: number;
  role_name: string;
  is_active: number;
  is_demo: number;
  created_at: string;
  password_hash: string;
}

/** The columns of UserRow, for a query that joins `users u` and `roles r`. */
export const USER_COLUMNS = `u.id, u.email, u.username, u.role_id, r.name AS role_name, u.is_active, u.is_demo,
         u.created_at, u.password_hash`;

const SELECT_USER = `SELECT ${USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id`;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role_id: row.role_id,
    role: { id: row.role_id, name: row.role_name },
    is_superuser: row.role_name === 'superuser',
    is_active: row.is_active === 1,
    is_demo: row.is_demo === 1,
    created_at: row.created_at,
  };
}

export function findUserById(db: Db, id: number): User | undefined {
  const row = db.prepare(`${SELECT_USER} WHERE u.id = ?`).get(id) as UserRow | undefined;
  return row && toUser(row);
}

/** Emails compare case-insensitively (the column is COLLATE NOCASE). */
export function findUserByEmail(db: Db, email: string): User | undefined {
  const row = db.prepare(`${SELECT_USER} WHERE u.email = ?`).get(email) as UserRow | undefined;
  return row && toUser(row);
}

export function findCredentialsByEmail(db: Db, email: string): { user: User; passwordHash: string } | undefined {
  const row = db.prepare(`${SELECT_USER} WHERE u.email = ?`).get(email) as UserRow | undefined;
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

export function listUsers(db: Db): User[] {
  return (db.prepare(`${SELECT_USER} ORDER BY u.id`).all() as UserRow[]).map(toUser);
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  role: RoleName;
  isDemo?: boolean;
}

/** Insert a user; throws DuplicateUserError when the email or username is taken. */
export function createUser(db: Db, input: NewUser): User {
  const insert = db.transaction(() => {
    // Check first so the error names the field; the UNIQUE constraints still guard against races.
    if (db.prepare('SELECT 1 FROM users WHERE email = ?').get(input.email)) throw new DuplicateUserError('email');
    if (db.prepare('SELECT 1 FROM users WHERE username = ?').get(input.username)) {
      throw new DuplicateUserError('username');
    }
    return db
      .prepare('INSERT INTO users (email, username, password_hash, role_id, is_demo) VALUES (?, ?, ?, ?, ?)')
      .run(input.email, input.username, input.passwordHash, ROLE_IDS[input.role], input.isDemo ? 1 : 0);
  });
  let id: number;
  try {
    id = Number(insert().lastInsertRowid);
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes('UNIQUE constraint failed: users.email')) throw new DuplicateUserError('email');
    if (message.includes('UNIQUE constraint failed: users.username')) throw new DuplicateUserError('username');
    throw error;
  }
  return findUserById(db, id)!;
}

/**
 * Returns the updated user, or undefined when no user has this email. A changed role ends the user's
 * sessions: they sign in again and get pages and rights that match the new role.
 */
export function setUserRole(db: Db, email: string, role: RoleName): User | undefined {
  const change = db.transaction(() => {
    const before = findUserByEmail(db, email);
    if (!before) return undefined;
    if (before.role_id === ROLE_IDS[role]) return before;
    db.prepare('UPDATE users SET role_id = ? WHERE id = ?').run(ROLE_IDS[role], before.id);
    revokeUserSessions(db, before.id);
    return findUserById(db, before.id);
  });
  return change();
}

export function setUserPassword(db: Db, id: number, passwordHash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, id);
}

/** Deactivating an account also ends its sessions. */
export function setUserActive(db: Db, id: number, active: boolean): void {
  db.prepare('UPDATE users SET is_active = ? WHERE id = ?').run(active ? 1 : 0, id);
  if (!active) revokeUserSessions(db, id);
}

/** Delete a user; returns false when rows of other tables still refer to it (foreign keys). */
export function deleteUser(db: Db, id: number): boolean {
  try {
    db.prepare('DELETE FROM users WHERE id = ?').run(id);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false;
    throw error;
  }
}
