/** Who may see what. The server checks every request as well; this only decides what the interface offers. */
import type { CurrentUser } from '../../api/users.ts';

const ADMIN_ROLE_NAMES = new Set(['admin', 'superuser']);

/** Role name 'admin' or 'superuser' makes an admin; anything else, or no role at all, is a plain user. */
export function isAdmin(user: Pick<CurrentUser, 'role'> | null | undefined): boolean {
  const name = user?.role?.name;
  return typeof name === 'string' && ADMIN_ROLE_NAMES.has(name);
}
