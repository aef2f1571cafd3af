/**
 * Access checks for routes. Use them as route hooks, best as `onRequest` so that an anonymous caller gets
 * 401 before its body is parsed or validated:
 *   app.post('/models', { onRequest: [requireAdmin], schema }, handler)
 * (`preHandler: [requireUser]` works too.) Afterwards `request.user` is the signed-in user, read fresh
 * from the database with the session row: a role change or deactivation ends the sessions anyway.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdminRole, type User } from '../db/users.ts';
import { HttpError } from '../http-error.ts';

/** 401 {"detail": "Unauthorized"} unless the request has a valid session of an active user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.user = currentUser(request);
}

/** 401 for nobody, 403 {"detail": "Forbidden"} for a signed-in user whose role is neither admin nor superuser. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = currentUser(request);
  if (!isAdminRole(user.role.name)) throw new HttpError(403, 'Forbidden');
  request.user = user;
}

/** The session hook (session.ts) loaded the user with the session row, in the same lookup. */
function currentUser(request: FastifyRequest): User {
  const user = request.session?.user;
  if (!user || !user.is_active) throw new HttpError(401, 'Unauthorized');
  return user;
}
