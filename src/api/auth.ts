/** Endpoints under /api/v1/auth: registration, cookie sign-in and sign-out. */
import { apiJson, apiVoid } from './client.ts';
import type { CurrentUser } from './users.ts';

export interface RegistrationRequest {
  email: string;
  username: string;
  password: string;
  /** Always false from this app; the server ignores it anyway (a client never makes itself an admin). */
  is_superuser: false;
  /** Always 1 (role 'user'); the server ignores it too. */
  role_id: 1;
}

/** POST /auth/register; resolves with the created user (201). 400/422 carry the reason in `detail`. */
export function register(request: RegistrationRequest): Promise<CurrentUser> {
  return apiJson<CurrentUser>('auth/register', { method: 'POST', json: request });
}

/**
 * POST /auth/jwt/login with the form fields the server expects (`username` is the email). On success the
 * server sets the HttpOnly session cookie and the readable XSRF-TOKEN cookie; 400 LOGIN_BAD_CREDENTIALS on
 * a wrong email or password, 429 after too many failures.
 */
export function login(email: string, password: string): Promise<void> {
  return apiVoid('auth/jwt/login', { method: 'POST', form: { username: email, password } });
}

/** POST /auth/jwt/logout: the server ends this session and clears both cookies. */
export function logout(): Promise<void> {
  return apiVoid('auth/jwt/logout', { method: 'POST' });
}

/** POST /auth/jwt/logout-all ('Выйти на всех устройствах'): every session of this user ends, this one too. */
export function logoutAll(): Promise<void> {
  return apiVoid('auth/jwt/logout-all', { method: 'POST' });
}
