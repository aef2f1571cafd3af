/**
 * Double-submit XSRF check: a state-changing request (POST, PUT, PATCH, DELETE) that carries the session
 * cookie must send an X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie. Another site can make the browser
 * send our cookies but cannot read them, so it cannot produce the header. When the session is valid the
 * cookie must also be the one issued with it (the `xsrf` claim), so a cookie planted by a sibling domain fails.
 * Must be set up after session.ts (it reads request.session).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from './session.ts';

const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function setupXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.cookies[SESSION_COOKIE] === undefined) return;
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[XSRF_COOKIE];
    if (typeof header !== 'string' || !header || !cookie || !same(header, cookie)) {
      throw new HttpError(403, 'XSRF token missing or invalid');
    }
    if (request.session && !same(cookie, request.session.xsrf)) {
      throw new HttpError(403, 'XSRF token missing or invalid');
    }
  });
}
