/** The key that signs the session cookie (@fastify/cookie): SECRET from the environment, else DATA_DIR/secret, generated once. */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRET_FILE = 'secret';

export function loadOrCreateSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
    throw new Error(`${file} is too short to be a signing key; delete it to generate a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(64).toString('base64url');
  // Written whole under a name of our own, then linked into place: link() fails if another process got there
  // first (servers starting together on a shared DATA_DIR), and a reader never sees a half-written key.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  } finally {
    unlinkSync(temporary);
  }
  return secret;
}
