import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../src/auth/password.ts';

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and never stores the password', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain('same password');
  });

  it('treats Unicode compositions of a password as the same password', async () => {
    const hash = await hashPassword('pa\u0301ssword'); // a + combining acute
    expect(await verifyPassword('p\u00e1ssword', hash)).toBe(true); // precomposed á
  });

  it.each(['', 'plain', 'scrypt$15$8$1$$', 'scrypt$40$8$1$c2FsdA$a2V5', 'bcrypt$15$8$1$c2FsdA$a2V5'])(
    'answers false for the malformed stored hash %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );

  it('has a dummy hash that matches no ordinary password', async () => {
    expect(await verifyPassword('demo', await dummyPasswordHash())).toBe(false);
  });
});
