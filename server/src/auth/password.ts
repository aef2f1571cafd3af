/**
 * Password hashing with scrypt (memory-hard), a random salt per password, and a constant-time comparison.
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>` so the cost can be raised later
 * while old hashes keep verifying.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Cost: N = 2^15, r = 8 uses 128 * N * r = 32 MiB of memory per hash (OWASP's minimum scrypt setting). */
const LOG2_N = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  // maxmem must exceed 128 * N * r or Node refuses; leave room for the largest cost we accept (bytes).
  const maxmem = 256 * 1024 * 1024;
  return new Promise((done, fail) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem }, (error, key) =>
      error ? fail(error) : done(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: 2 ** LOG2_N, r: BLOCK_SIZE, p: PARALLELISM }, KEY_BYTES);
  return ['scrypt', LOG2_N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 4) {
    return false;
  }
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, { N: 2 ** logN, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * A valid hash of a random password: login verifies against it when the email is unknown,
 * so an unknown email costs as long as a wrong password and the two cannot be told apart by timing.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
