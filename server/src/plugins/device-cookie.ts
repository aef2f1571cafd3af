/**
 * Device cookies (OWASP, "Slow Brute Force Attacks / Device Cookies"): a browser that signs in successfully gets a
 * long-lived `device` cookie, a random 256-bit id signed with the server secret (@fastify/cookie, HMAC-SHA256), so
 * a forged or altered value is refused before the database is asked. The database keeps the SHA-256 of the id and
 * the accounts it signed in to (db/device-cookies.ts); sign-in limits (auth/login-throttle.ts) let a browser known for
 * the account through an attack on it, limited only by its own failures.
 *
 * HttpOnly, SameSite=Strict, Path=/api/v1/auth (no other request carries it), Secure over HTTPS. Each successful
 * sign-in gives the browser a new id (a copied old one stops working). Signing out everywhere and changing the
 * password forget every browser of the account; a plain sign-out keeps it (the next sign-in is still the owner's
 * known browser).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { isKnownDevice, rememberDevice } from '../db/device-cookies.ts';

const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/v1/auth';
/** How long a browser stays known after its last successful sign-in, s. */
const DEVICE_LIFETIME_S = 365 * 86400;

const nowS = () => Math.floor(Date.now() / 1000);
const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** The stored id (SHA-256 hex) of the request's device cookie when its signature is good, else null. */
export function presentedDevice(request: FastifyRequest): string | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? hashId(unsigned.value) : null;
}

/** `device` (presentedDevice's) when it is known for `userId`, else null; an unknown email (null) costs the same read. */
export async function trustedDevice(db: Db, device: string | null, userId: number | null): Promise<string | null> {
  if (!device) return null;
  return (await isKnownDevice(db, device, userId ?? -1, nowS())) && userId !== null ? device : null;
}

/** After a successful sign-in: a new device cookie that is known for `userId` and for the accounts the old one was. */
export async function rememberBrowser(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const now = nowS();
  await rememberDevice(db, { id: hashId(id), previousId: presentedDevice(request), userId, now, expiresAt: now + DEVICE_LIFETIME_S });
  reply.setCookie(DEVICE_COOKIE, id, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
    secure: request.protocol === 'https',
    signed: true,
    maxAge: DEVICE_LIFETIME_S,
  });
}
