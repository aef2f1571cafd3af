import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
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
import { tempDir } from '../helpers.ts';

function freshDb(): Db {
  const db = openDatabase(tempDir());
  onTestFinished(() => {
    db.close();
  });
  return db;
}

const alice = { email: 'alice@example.com', username: 'alice', passwordHash: 'hash-a', role: 'user' as const };

describe('users repository', () => {
  it('creates a user and finds it by id and by email in any case', () => {
    const db = freshDb();
    const user = createUser(db, alice);
    expect(user).toMatchObject({
      email: 'alice@example.com',
      username: 'alice',
      role_id: 1,
      role: { id: 1, name: 'user' },
      is_superuser: false,
      is_active: true,
      is_demo: false,
    });
    expect(findUserById(db, user.id)).toEqual(user);
    expect(findUserByEmail(db, 'ALICE@Example.com')).toEqual(user);
    expect(findCredentialsByEmail(db, 'alice@example.com')).toEqual({ user, passwordHash: 'hash-a' });
    expect(findUserById(db, 999)).toBeUndefined();
  });

  it('names the field that is already taken, ignoring case', () => {
    const db = freshDb();
    createUser(db, alice);
    expect(() => createUser(db, { ...alice, email: 'ALICE@example.com', username: 'other' })).toThrow(
      new DuplicateUserError('email'),
    );
    expect(() => createUser(db, { ...alice, email: 'other@example.com', username: 'Alice' })).toThrow(
      new DuplicateUserError('username'),
    );
    expect(listUsers(db)).toHaveLength(1);
  });

  it('derives is_superuser from the role and changes roles', () => {
    const db = freshDb();
    createUser(db, alice);
    expect(setUserRole(db, alice.email, 'superuser')).toMatchObject({ role_id: 3, is_superuser: true });
    expect(setUserRole(db, alice.email, 'admin')).toMatchObject({ role_id: 2, is_superuser: false });
    expect(setUserRole(db, 'nobody@example.com', 'admin')).toBeUndefined();
  });

  it('shows the public fields only', () => {
    const db = freshDb();
    const shown = toPublicUser(createUser(db, { ...alice, role: 'admin' }));
    expect(Object.keys(shown).sort()).toEqual(['email', 'id', 'is_superuser', 'role', 'role_id', 'username']);
    expect(shown.role).toEqual({ id: 2, name: 'admin' });
  });

  it('stores SQL-looking text literally', () => {
    const db = freshDb();
    const sneaky = { ...alice, email: "o'brien@example.com", username: "x'); DROP TABLE users; --" };
    createUser(db, sneaky);
    expect(findUserByEmail(db, "o'brien@example.com")?.username).toBe(sneaky.username);
    expect(findUserByEmail(db, "' OR '1'='1")).toBeUndefined();
    expect(listUsers(db)).toHaveLength(1);
  });

  it('disables and deletes users; deletion reports rows that still refer to the user', () => {
    const db = freshDb();
    const user = createUser(db, alice);
    setUserActive(db, user.id, false);
    expect(findUserById(db, user.id)?.is_active).toBe(false);
    db.exec('CREATE TABLE notes (user_id INTEGER REFERENCES users (id))');
    db.prepare('INSERT INTO notes VALUES (?)').run(user.id);
    expect(deleteUser(db, user.id)).toBe(false);
    db.exec('DELETE FROM notes');
    expect(deleteUser(db, user.id)).toBe(true);
    expect(findUserById(db, user.id)).toBeUndefined();
  });

  it('treats admin and superuser as admin roles', () => {
    expect(['user', 'admin', 'superuser', 'Admin', ''].map(isAdminRole)).toEqual([false, true, true, false, false]);
  });
});
