/**
 * Minimal JSON Web Tokens, HS256 only (RFC 7519 / 7515), on node:crypto.
 * Verification accepts exactly the header we issue: any other `alg` (including `none`) is rejected,
 * the signature is compared in constant time, and `exp` is required.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SessionClaims {
  /** User id, as a string (the JWT convention). */
  sub: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  /** The XSRF token issued with this session: the double-submit check also compares against it. */
  xsrf: string;
}

export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signToken(claims: SessionClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError('malformed token');
  }
}

/** Returns the claims of a valid, unexpired token; throws TokenError otherwise. `now` is in seconds. */
export function verifyToken(token: string, secret: string, now = Math.floor(Date.now() / 1000)): SessionClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) throw new TokenError('malformed token');
  const header = decodeJson(parts[0]) as { alg?: unknown; typ?: unknown } | null;
  if (typeof header !== 'object' || header === null || header.alg !== 'HS256') {
    throw new TokenError('unsupported algorithm');
  }
  const expected = sign(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenError('bad signature');
  const claims = decodeJson(parts[1]) as Partial<SessionClaims> | null;
  if (
    typeof claims !== 'object' ||
    claims === null ||
    typeof claims.sub !== 'string' ||
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number' ||
    typeof claims.xsrf !== 'string'
  ) {
    throw new TokenError('malformed claims');
  }
  if (claims.exp <= now) throw new TokenError('expired');
  return claims as SessionClaims;
}
