/**
 * Same-origin check for the two requests that work without a session, and so without the XSRF check:
 * sign-in and registration. A hostile page could otherwise post a form to them and sign its visitor into the
 * attacker's account (login CSRF). Browsers send `Sec-Fetch-Site` (Fetch Metadata) and `Origin` on such
 * posts; anything but our own origin gets 403. A request with neither header is not from a browser form
 * (curl, the CLI, tests) and is let through: it cannot carry a victim's cookies anyway.
 * Use as a route hook: `{ onRequest: [requireSameOrigin] }`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';

const CROSS_SITE_DETAIL = 'Cross-site request refused: sign in from this site';

export async function requireSameOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  // 'none' is a navigation the user started (a bookmark, the address bar), never another site's form.
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, CROSS_SITE_DETAIL);
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new HttpError(403, CROSS_SITE_DETAIL);
  }
}
