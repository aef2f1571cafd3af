import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  DuplicateUserError,
  findCredentialsByEmail,
  findUserByEmail,
  findUserById,
  isAdminRole,
  listUsers,
  setUserActive,
  setUserRole,
  toPublicUser,
} from '../../src/db/users.ts';
import { ENGINES, freshDb as openFresh } from '../engines.ts';

const alice = { email: 'alice@example.com', username: 'alice', passwordHash: 'hash-a', role: 'user' as const };

describe.each(ENGINES)('users repository (%s)', (engine) => {
  const freshDb = () => openFresh(engine);

  it('creates a user and finds it by id and by email in any case', async () => {
    const db = await freshDb();
    const user = await createUser(db, alice);
    expect(user).toMatchObject({
      email: 'alice@example.com',
      username: 'alice',
      role_id: 1,
      role: { id: 1, name: 'user' },
      is_superuser: false,
      is_active: true,
      is_demo: false,
    });
    expect(await findUserById(db, user.id)).toEqual(user);
    expect(await findUserByEmail(db, 'ALICE@Example.com')).toEqual(user);
    expect(await findCredentialsByEmail(db, 'alice@example.com')).toEqual({ user, passwordHash: 'hash-a' });
    expect(await findUserById(db, 999)).toBeUndefined();
  });

  it('names the field that is already taken, ignoring case', async () => {
    const db = await freshDb();
    await createUser(db, alice);
    await expect(createUser(db, { ...alice, email: 'ALICE@example.com', username: 'other' })).rejects.toThrow(
      new DuplicateUserError('email'),
    );
    await expect(createUser(db, { ...alice, email: 'other@example.com', username: 'Alice' })).rejects.toThrow(
      new DuplicateUserError('username'),
    );
    expect(await listUsers(db)).toHaveLength(1);
  });

  it('derives is_superuser from the role and changes roles', async () => {
    const db = await freshDb();
    await createUser(db, alice);
    expect(await setUserRole(db, alice.email, 'superuser')).toMatchObject({ role_id: 3, is_superuser: true });
    expect(await setUserRole(db, alice.email, 'admin')).toMatchObject({ role_id: 2, is_superuser: false });
    expect(await setUserRole(db, 'nobody@example.com', 'admin')).toBeUndefined();
  });

  it('shows the public fields only', async () => {
    const db = await freshDb();
    const shown = toPublicUser(await createUser(db, { ...alice, role: 'admin' }));
    expect(Object.keys(shown).sort()).toEqual(['email', 'id', 'is_superuser', 'role', 'role_id', 'username']);
    expect(shown.role).toEqual({ id: 2, name: 'admin' });
  });

  it('stores SQL-looking text literally', async () => {
    const db = await freshDb();
    const sneaky = { ...alice, email: "o'brien@example.com", username: "x'); DROP TABLE users; --" };
    await createUser(db, sneaky);
    expect((await findUserByEmail(db, "o'brien@example.com"))?.username).toBe(sneaky.username);
    expect(await findUserByEmail(db, "' OR '1'='1")).toBeUndefined();
    expect(await listUsers(db)).toHaveLength(1);
  });

  it('disables and deletes users; deletion reports rows that still refer to the user', async () => {
    const db = await freshDb();
    const user = await createUser(db, alice);
    await setUserActive(db, user.id, false);
    expect((await findUserById(db, user.id))?.is_active).toBe(false);
    await sql`CREATE TABLE notes (user_id INTEGER REFERENCES users (id))`.execute(db);
    await sql`INSERT INTO notes VALUES (${user.id})`.execute(db);
    expect(await deleteUser(db, user.id)).toBe(false);
    await sql`DELETE FROM notes`.execute(db);
    expect(await deleteUser(db, user.id)).toBe(true);
    expect(await findUserById(db, user.id)).toBeUndefined();
  });

  it('treats admin and superuser as admin roles', () => {
    expect(['user', 'admin', 'superuser', 'Admin', ''].map((name) => isAdminRole(name))).toEqual([false, true, true, false, false]);
  });
});
