/**
 * A user as the repositories return it, and the one row shape (users joined with roles) it is read from: users.ts
 * and sessions.ts (whose session lookup reads the user in the same query) both build a User from it.
 */
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

/** The columns of UserRow, for a query that joins `users as u` and `roles as r`. */
export const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.username',
  'u.role_id',
  'r.name as role_name',
  'u.is_active',
  'u.is_demo',
  'u.created_at',
  'u.password_hash',
] as const;

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
