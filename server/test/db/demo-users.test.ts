import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.ts';
import type { Db } from '../../src/db/database.ts';
import { DEMO_PASSWORD, removeDemoAccounts, seedDemoAccounts } from '../../src/db/demo-users.ts';
import { createUser, findCredentialsByEmail, findUserByEmail, listUsers } from '../../src/db/users.ts';
import { ENGINES, freshDb as openFresh } from '../engines.ts';

const summary = async (db: Db) => (await listUsers(db)).map((u) => [u.email, u.username, u.role.name, u.is_superuser, u.is_active]);

describe.each(ENGINES)('demo accounts (%s)', (engine) => {
  const freshDb = () => openFresh(engine);

  it('seeds the three accounts with password "demo", once', async () => {
    const db = await freshDb();
    expect((await seedDemoAccounts(db)).created).toEqual(['admin@demo.local', 'super@demo.local', 'test@demo.local']);
    expect(await summary(db)).toEqual([
      ['admin@demo.local', 'admin', 'admin', false, true],
      ['super@demo.local', 'super', 'superuser', true, true],
      ['test@demo.local', 'test', 'user', false, true],
    ]);
    const stored = (await findCredentialsByEmail(db, 'test@demo.local'))!;
    expect(await verifyPassword(DEMO_PASSWORD, stored.passwordHash)).toBe(true);
    expect((await seedDemoAccounts(db)).created).toEqual([]);
    expect(await listUsers(db)).toHaveLength(3);
  });

  it('removes them when demo mode is off, and leaves other accounts alone', async () => {
    const db = await freshDb();
    await seedDemoAccounts(db);
    await createUser(db, { email: 'real@example.com', username: 'real', passwordHash: 'h', role: 'admin' });
    expect(await removeDemoAccounts(db)).toEqual({ deleted: 3, disabled: 0 });
    expect(await summary(db)).toEqual([['real@example.com', 'real', 'admin', false, true]]);
  });

  it('disables a demo account that other rows refer to, and restores it in demo mode', async () => {
    const db = await freshDb();
    await seedDemoAccounts(db);
    const admin = (await findUserByEmail(db, 'admin@demo.local'))!;
    await sql`CREATE TABLE notes (user_id INTEGER REFERENCES users (id))`.execute(db);
    await sql`INSERT INTO notes VALUES (${admin.id})`.execute(db);
    expect(await removeDemoAccounts(db)).toEqual({ deleted: 2, disabled: 1 });
    const disabled = (await findCredentialsByEmail(db, 'admin@demo.local'))!;
    expect(disabled.user.is_active).toBe(false);
    expect(await verifyPassword(DEMO_PASSWORD, disabled.passwordHash)).toBe(false);

    await seedDemoAccounts(db);
    const restored = (await findCredentialsByEmail(db, 'admin@demo.local'))!;
    expect(restored.user).toMatchObject({ id: admin.id, is_active: true, role: { name: 'admin' } });
    expect(await verifyPassword(DEMO_PASSWORD, restored.passwordHash)).toBe(true);
  });

  it('does not take over a real account that uses a demo email', async () => {
    const db = await freshDb();
    await createUser(db, { email: 'admin@demo.local', username: 'mallory', passwordHash: 'h', role: 'user' });
    expect(await seedDemoAccounts(db)).toEqual({
      created: ['super@demo.local', 'test@demo.local'],
      skipped: ['admin@demo.local'],
    });
    expect(await findUserByEmail(db, 'admin@demo.local')).toMatchObject({ username: 'mallory', role: { name: 'user' } });
  });
});
