/**
 * A stand-in for the API server at the network boundary (globalThis.fetch), for unit tests of the client. It
 * answers the account endpoints (sign-in, sign-out, registration, the current user) the way the real server does
 * (status codes, `detail`, the XSRF check), and records every request so tests can assert what the client sent.
 * Only fetch is replaced: the app's own modules run unchanged.
 */
import { fakeFetch, jsonResponse as json, type SeenRequest } from '../../common/testing/fake-fetch.ts';
import type { CurrentUser } from '../api/users.ts';

export interface FakeAccount {
  user: CurrentUser;
  password: string;
}

export function makeUser(id: number, roleName: string | null, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const roleIds: Record<string, number> = { user: 1, admin: 2, superuser: 3 };
  return {
    id,
    email: `${roleName ?? 'norole'}${id}@demo.local`,
    username: `${roleName ?? 'norole'}${id}`,
    is_superuser: roleName === 'superuser',
    role_id: roleName ? roleIds[roleName] : 1,
    role: roleName ? { id: roleIds[roleName], name: roleName } : null,
    ...overrides,
  };
}

export interface FakeApi {
  fetch: typeof fetch;
  requests: SeenRequest[];
  /** Who the session cookie belongs to (null: no session). */
  session: CurrentUser | null;
  accounts: FakeAccount[];
  /** Hold GET /users/me until release() is called, to observe loading states. */
  holdMe(): { release: () => void };
}

const XSRF_VALUE = 'xsrf-token-for-tests';

/**
 * `accounts` can sign in; `signedInAs` starts with a session. `extra` answers further endpoints a test needs
 * (undefined: not one of them); it answers first (no XSRF check).
 */
export function createFakeApi(
  accounts: FakeAccount[] = [],
  signedInAs: CurrentUser | null = null,
  extra?: (request: SeenRequest, api: FakeApi) => Response | undefined,
): FakeApi {
  let held: Promise<void> | null = null;
  const network = fakeFetch((request) => answer(request));
  const api: FakeApi = {
    requests: network.requests,
    session: signedInAs,
    accounts,
    holdMe() {
      let release = () => {};
      held = new Promise<void>((done) => (release = done));
      return { release: () => release() };
    },
    fetch: network.fetch,
  };

  async function answer(request: SeenRequest): Promise<Response> {
    const { method, headers, body } = request;
    const path = request.path.split('?')[0];
    const extraReply = extra?.(request, api);
    if (extraReply) return extraReply;
    if (method !== 'GET' && api.session && headers.get('X-XSRF-TOKEN') !== XSRF_VALUE) {
      return json(403, { detail: 'XSRF token missing or invalid' });
    }
    if (method === 'GET' && path === '/api/v1/users/me') {
      if (held) await held;
      return api.session ? json(200, api.session) : json(401, { detail: 'Unauthorized' });
    }
    if (method === 'POST' && path === '/api/v1/auth/jwt/login') {
      const form = new URLSearchParams(body);
      const account = api.accounts.find(
        (a) => a.user.email === form.get('username') && a.password === form.get('password'),
      );
      if (!account) return json(400, { detail: 'LOGIN_BAD_CREDENTIALS' });
      api.session = account.user;
      document.cookie = `XSRF-TOKEN=${XSRF_VALUE}; path=/`;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === '/api/v1/auth/jwt/logout') {
      api.session = null;
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === '/api/v1/auth/register') {
      const request = JSON.parse(body) as { email: string; username: string; password: string };
      if (request.password.length < 8) {
        return json(422, { detail: 'body/password must NOT have fewer than 8 characters' });
      }
      if (request.username === 'forbidden') return json(400, { detail: 'Имя зарезервировано' });
      if (api.accounts.some((a) => a.user.email === request.email)) {
        return json(400, { detail: 'REGISTER_USER_ALREADY_EXISTS' });
      }
      const user = makeUser(100 + api.accounts.length, 'user', { email: request.email, username: request.username });
      api.accounts.push({ user, password: request.password });
      return json(201, user);
    }
    return json(404, { detail: 'Not Found' });
  }
  return api;
}

/** The XSRF cookie value this fake sets at sign-in. */
export const FAKE_XSRF = XSRF_VALUE;

/** Forget cookies between tests (happy-dom keeps document.cookie across cases in one file). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
