import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, TokenError, verifyToken, type SessionClaims } from '../../src/auth/jwt.ts';

const SECRET = 'test-secret-of-enough-length-0123456789';
const NOW = 1_800_000_000; // s
const claims: SessionClaims = { sub: '42', iat: NOW, exp: NOW + 3600, xsrf: 'x-token' };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function handMade(header: unknown, payload: unknown, algorithm = 'sha256', secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac(algorithm, secret).update(input).digest('base64url')}`;
}

function reason(token: string, now = NOW): string {
  try {
    verifyToken(token, SECRET, now);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenError);
    return (error as Error).message;
  }
  return 'accepted';
}

describe('signToken / verifyToken', () => {
  it('returns the claims of a token it signed', () => {
    expect(verifyToken(signToken(claims, SECRET), SECRET, NOW + 10)).toEqual(claims);
  });

  it('produces a standard HS256 JWT', () => {
    const [header] = signToken(claims, SECRET).split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('rejects an expired token (exp is exclusive)', () => {
    const token = signToken(claims, SECRET);
    expect(reason(token, claims.exp)).toBe('expired');
    expect(reason(token, claims.exp + 1)).toBe('expired');
    expect(reason(token, claims.exp - 1)).toBe('accepted');
  });

  it('rejects a token whose payload was changed', () => {
    const [header, , signature] = signToken(claims, SECRET).split('.');
    const forged = `${header}.${b64({ ...claims, sub: '1' })}.${signature}`;
    expect(reason(forged)).toBe('bad signature');
  });

  it('rejects a token whose signature was changed', () => {
    const token = signToken(claims, SECRET);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(reason(token.slice(0, -1) + last)).toBe('bad signature');
  });

  it('rejects a token signed with another secret', () => {
    expect(reason(signToken(claims, 'another-secret-of-enough-length'))).toBe('bad signature');
  });

  it('rejects alg "none" and other algorithms even when correctly signed for them', () => {
    expect(reason(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBe('malformed token');
    expect(reason(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.c2ln`)).toBe('unsupported algorithm');
    expect(reason(handMade({ alg: 'HS512', typ: 'JWT' }, claims, 'sha512'))).toBe('unsupported algorithm');
    expect(reason(handMade({ typ: 'JWT' }, claims))).toBe('unsupported algorithm');
  });

  it('rejects tokens missing required claims', () => {
    const { exp: _exp, ...noExpiry } = claims;
    expect(reason(handMade({ alg: 'HS256' }, noExpiry))).toBe('malformed claims');
    expect(reason(handMade({ alg: 'HS256' }, { ...claims, sub: 42 }))).toBe('malformed claims');
    expect(reason(handMade({ alg: 'HS256' }, 'just a string'))).toBe('malformed claims');
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', '!!.??.**', 'e30.e30.e30'])('rejects the malformed token %j', (token) => {
    expect(reason(token)).not.toBe('accepted');
  });
});
