import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/fake-api.ts';
import { isAdmin } from './roles.ts';

describe('role logic', () => {
  it('treats admin and superuser as admins', () => {
    expect(isAdmin(makeUser(1, 'admin'))).toBe(true);
    expect(isAdmin(makeUser(2, 'superuser'))).toBe(true);
  });

  it('treats user, unknown roles, a missing role and no user as plain users', () => {
    expect(isAdmin(makeUser(1, 'user'))).toBe(false);
    expect(isAdmin(makeUser(1, 'Admin'))).toBe(false);
    expect(isAdmin(makeUser(1, 'moderator'))).toBe(false);
    expect(isAdmin(makeUser(1, null))).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('goes by the role name, not the is_superuser flag', () => {
    expect(isAdmin(makeUser(1, 'user', { is_superuser: true }))).toBe(false);
  });
});
