import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { clearCookies, createFakeApi, FAKE_XSRF, makeUser } from '../../testing/fake-api.ts';
import { createAuthSession } from './session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('AuthSession', () => {
  it('fetches the user once and serves it from the cache', async () => {
    const user = makeUser(1, 'admin');
    const fetchUser = vi.fn(async () => user);
    const auth = createAuthSession(fetchUser);
    expect(auth.cachedUser()).toBeUndefined();
    const [a, b] = await Promise.all([auth.ensureUser(), auth.ensureUser()]);
    expect(await auth.ensureUser()).toEqual(user);
    expect(a).toEqual(user);
    expect(b).toEqual(user);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(auth.cachedUser()).toEqual(user);
  });

  it('answers null on 401 and remembers it until invalidated', async () => {
    const fetchUser = vi.fn(async () => {
      throw new ApiError('status', 'Unauthorized', 401, 'Unauthorized');
    });
    const auth = createAuthSession(fetchUser);
    expect(await auth.ensureUser()).toBeNull();
    expect(await auth.ensureUser()).toBeNull();
    expect(fetchUser).toHaveBeenCalledTimes(1);
    auth.invalidate();
    await auth.ensureUser();
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it('answers null on a network failure but asks again next time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = makeUser(1, 'user');
    const fetchUser = vi
      .fn<() => Promise<typeof user>>()
      .mockRejectedValueOnce(new ApiError('network', 'Network Error'))
      .mockResolvedValueOnce(user);
    const auth = createAuthSession(fetchUser);
    expect(await auth.ensureUser()).toBeNull();
    expect(await auth.ensureUser()).toEqual(user);
  });

  it('signs out on the server and forgets the user', async () => {
    const user = makeUser(1, 'user');
    const api = createFakeApi([], user);
    document.cookie = `XSRF-TOKEN=${FAKE_XSRF}; path=/`; // as the server set it at sign-in
    vi.stubGlobal('fetch', api.fetch);
    const auth = createAuthSession();
    expect(await auth.ensureUser()).toEqual(user);
    await auth.signOut();
    const logoutRequest = api.requests.find((r) => r.url === '/api/v1/auth/jwt/logout');
    expect(logoutRequest?.method).toBe('POST');
    expect(logoutRequest?.headers.get('X-XSRF-TOKEN')).toBe(FAKE_XSRF);
    expect(auth.cachedUser()).toBeUndefined();
    expect(await auth.ensureUser()).toBeNull();
  });
});
