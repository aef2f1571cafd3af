/**
 * Server-side sessions (migration 4): the only module that writes SQL for the sessions table.
 * A row is keyed by the SHA-256 of the random session id the cookie carries, so a copy of the database does
 * not hand out working cookies. Times are Unix seconds. A session counts while it is not revoked and not
 * expired; revoked and expired rows are deleted by `purgeSessions`. With PostgreSQL every API server reads the
 * same table, so a sign-in on one server works on the others and a sign-out anywhere ends it everywhere.
 */
import type { CompiledQuery, InferResult } from 'kysely';
import { dialectOf, poolOf, type DialectName, type Db } from './database.ts';
import { toUser, USER_COLUMNS, type User } from './user-rows.ts';

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

const nowS = () => Math.floor(Date.now() / 1000);

export async function createSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      xsrf: session.xsrf,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      user_agent: session.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    })
    .execute();
}

const lookupQuery = (db: Db, id: string, now: number) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['s.id as s_id', 's.xsrf as s_xsrf', 's.created_at as s_created', 's.last_seen_at as s_seen', 's.expires_at as s_expires', ...USER_COLUMNS])
    .where('s.id', '=', id)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now);

type LookupRow = InferResult<ReturnType<typeof lookupQuery>>[number];

// The per-request lookup is compiled once per engine, then run with this request's parameters: it runs on every
// request that carries a cookie, and building and compiling the query costs about as much as running it.
const compiledLookups = new Map<DialectName, CompiledQuery<LookupRow>>();

function compiledLookup(db: Db, id: string, now: number): CompiledQuery<LookupRow> {
  const dialect = dialectOf(db);
  let template = compiledLookups.get(dialect);
  if (!template) {
    template = lookupQuery(db, '', 0).compile();
    if (template.parameters.length !== 2) throw new Error('the session lookup should take two parameters (id, now)');
    compiledLookups.set(dialect, template);
  }
  return { ...template, parameters: [id, now] };
}

/**
 * The live session with this id and its user, in one indexed lookup (primary key, then the users and roles
 * primary keys); undefined when unknown, revoked or expired at `now`.
 */
export async function findLiveSession(db: Db, id: string, now: number): Promise<{ session: SessionRecord; user: User } | undefined> {
  const query = compiledLookup(db, id, now);
  const pool = poolOf(db);
  // PostgreSQL: a named statement, parsed and planned once per connection instead of on every request.
  const row = pool
    ? (await pool.query<LookupRow>({ name: 'ice_session_lookup', text: query.sql, values: [...query.parameters] })).rows[0]
    : (await db.executeQuery(query)).rows[0];
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

export async function touchSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, now = nowS()): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Revoke every live session of a user, except `keepId` (the one changing the password). Returns how many. */
export async function revokeUserSessions(db: Db, userId: number, keepId?: string, now = nowS()): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepId !== undefined) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Delete expired and revoked rows; returns how many. */
export async function purgeSessions(db: Db, now = nowS()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
