import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../../src/auth/secret.ts';
import { tempDir } from '../helpers.ts';

describe('loadOrCreateSecret', () => {
  it('generates a long secret once, readable only by its owner, and reuses it', () => {
    const dir = tempDir();
    const first = loadOrCreateSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dir)).toBe(first);
    expect(readFileSync(join(dir, 'secret'), 'utf8').trim()).toBe(first);
  });

  it('uses SECRET from the environment and writes nothing', () => {
    const dir = tempDir();
    expect(loadOrCreateSecret(dir, 'from-the-environment-1234')).toBe('from-the-environment-1234');
    expect(() => statSync(join(dir, 'secret'))).toThrow(/ENOENT/);
  });

  it('refuses a stored secret too short to be a key', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'secret'), 'short\n');
    expect(() => loadOrCreateSecret(dir)).toThrow(/too short/);
  });
});
