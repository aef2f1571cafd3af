/**
 * Server-side sessions (migration 4): the only module that writes SQL for the sessions table.
 * A row is keyed by the SHA-256 of the random session id the cookie carries, so a copy of the database does
 * not hand out working cookies. Times are Unix seconds. A session counts while it is not revoked and not
 * expired; revoked and expired rows are deleted by `purgeSessions`.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { toUser, USER_COLUMNS, type User, type UserRow } from './users.ts';

export interface SessionRecord {
  /** SHA-256 (hex) of the cookie's session id. */
  id: string;
  userId: number;
  /** The XSRF token issued with the session (xsrf.ts compares the header against it). */
  xsrf: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface NewSession {
  id: string;
  userId: number;
  xsrf: string;
  now: number;
  expiresAt: number;
  userAgent: string | null;
}

/** Longest user agent kept, characters (it is only shown to help a user recognise a device). */
const MAX_USER_AGENT = 256;

export function createSession(db: Db, session: NewSession): void {
  db.prepare(
    `INSERT INTO sessions (id, user_id, xsrf, created_at, last_seen_at, expires_at, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    session.id,
    session.userId,
    session.xsrf,
    session.now,
    session.now,
    session.expiresAt,
    session.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
  );
}

type SessionUserRow = UserRow & { s_id: string; s_xsrf: string; s_created: number; s_seen: number; s_expires: number };

// The per-request lookup is prepared once per connection: it runs on every request that carries a cookie.
const lookups = new WeakMap<Db, Statement<[string, number]>>();

/**
 * The live session with this id and its user, in one indexed lookup (primary key, then the users and roles
 * primary keys); undefined when unknown, revoked or expired at `now`.
 */
export function findLiveSession(db: Db, id: string, now: number): { session: SessionRecord; user: User } | undefined {
  let statement = lookups.get(db);
  if (!statement) {
    statement = db.prepare<[string, number]>(
      `SELECT s.id AS s_id, s.xsrf AS s_xsrf, s.created_at AS s_created, s.last_seen_at AS s_seen,
              s.expires_at AS s_expires, ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
       WHERE s.id = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    );
    lookups.set(db, statement);
  }
  const row = statement.get(id, now) as SessionUserRow | undefined;
  if (!row) return undefined;
  return {
    session: {
      id: row.s_id,
      userId: row.id,
      xsrf: row.s_xsrf,
      createdAt: row.s_created,
      lastSeenAt: row.s_seen,
      expiresAt: row.s_expires,
    },
    user: toUser(row),
  };
}

export function touchSession(db: Db, id: string, now: number): void {
  db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(now, id);
}

export function revokeSession(db: Db, id: string, now = Math.floor(Date.now() / 1000)): void {
  db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id);
}

/** Revoke every live session of a user, except `keepId` (the one changing the password). Returns how many. */
export function revokeUserSessions(db: Db, userId: number, keepId?: string, now = Math.floor(Date.now() / 1000)): number {
  return db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?')
    .run(now, userId, keepId ?? null).changes;
}

/** Delete expired and revoked rows; returns how many. */
export function purgeSessions(db: Db, now = Math.floor(Date.now() / 1000)): number {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL').run(now).changes;
}

/** Live sessions of a user (tests, the CLI). */
export function countLiveSessions(db: Db, userId: number, now = Math.floor(Date.now() / 1000)): number {
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?')
    .get(userId, now) as { n: number };
  return row.n;
}
