/** SHA-256 of bytes in memory (at write time) and of a file on disk (streamed), as lowercase hex. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
