/** Endpoints under /api/v1/users. */
import { apiJson, apiVoid, type RequestOptions } from './client.ts';

export interface Role {
  id: number;
  /** 'user', 'admin' or 'superuser'. */
  name: string;
}

/** GET /users/me: the signed-in account (never a password hash). */
export interface CurrentUser {
  id: number;
  email: string;
  username: string;
  is_superuser: boolean;
  role_id: number;
  /** Null if the account's role row is missing; such an account counts as a plain user. */
  role: Role | null;
}

/** The signed-in user; fails with an ApiError of status 401 without a valid session. */
export function fetchCurrentUser(options: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<CurrentUser> {
  return apiJson<CurrentUser>('users/me', options);
}

/**
 * POST /users/me/password: 204 on success (the account's other sessions end); 400 `BAD_CURRENT_PASSWORD`;
 * 422 with `PASSWORD_TOO_SHORT`, `PASSWORD_BLANK` or `PASSWORD_TOO_COMMON` for a weak new password.
 */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return apiVoid('users/me/password', {
    method: 'POST',
    json: { current_password: currentPassword, new_password: newPassword },
  });
}
