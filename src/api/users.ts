/** Endpoints under /api/v1/users. */
import { apiJson, type RequestOptions } from './client.ts';

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
