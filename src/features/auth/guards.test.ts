import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import type { CurrentUser } from '../../api/users.ts';
import { makeUser } from '../../testing/fake-api.ts';
import { requireAdmin, requireUser } from './guards.ts';
import { createAuthSession } from './session.ts';

function redirectTarget(run: () => unknown): string | undefined {
  try {
    run();
  } catch (thrown) {
    if (isRedirect(thrown)) return String(thrown.options.to);
    throw thrown;
  }
  return undefined;
}

async function asyncRedirectTarget(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (thrown) {
    if (isRedirect(thrown)) return String(thrown.options.to);
    throw thrown;
  }
  return undefined;
}

const sessionOf = (user: CurrentUser | null) =>
  createAuthSession(async () => {
    if (user) return user;
    throw new ApiError('status', 'Unauthorized', 401, 'Unauthorized');
  });

describe('requireUser', () => {
  it('puts the signed-in user into the route context', async () => {
    const user = makeUser(5, 'user');
    await expect(requireUser(sessionOf(user))).resolves.toEqual({ user });
  });

  it('redirects to /login without a session', async () => {
    expect(await asyncRedirectTarget(() => requireUser(sessionOf(null)))).toBe('/login');
  });
});

describe('requireAdmin', () => {
  it('lets admins and superusers through', () => {
    expect(redirectTarget(() => requireAdmin(makeUser(1, 'admin')))).toBeUndefined();
    expect(redirectTarget(() => requireAdmin(makeUser(1, 'superuser')))).toBeUndefined();
  });

  it('redirects users, role-less accounts and nobody to /login', () => {
    expect(redirectTarget(() => requireAdmin(makeUser(1, 'user')))).toBe('/login');
    expect(redirectTarget(() => requireAdmin(makeUser(1, null)))).toBe('/login');
    expect(redirectTarget(() => requireAdmin(null))).toBe('/login');
  });
});
