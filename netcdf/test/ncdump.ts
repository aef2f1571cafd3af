/** Running Debian's ncdump (netcdf-bin) on a file we wrote, and reading values out of its CDL text. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A temporary folder removed when the test finishes. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const NCDUMP = process.env.NCDUMP ?? 'ncdump';

/** Write bytes to a temporary .nc file and return its path. */
export function tempNc(bytes: Uint8Array, name = 'test.nc'): string {
  const path = join(tempDir('ice-nc-'), name);
  writeFileSync(path, bytes);
  return path;
}

export function ncdump(args: string[]): string {
  return execFileSync(NCDUMP, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** The values of `variable` from `ncdump -v variable file`, NaN for ncdump's NaN/fill `_`. */
export function ncdumpValues(path: string, variable: string): number[] {
  const text = ncdump(['-v', variable, path]);
  const data = text.slice(text.indexOf('data:'));
  const match = new RegExp(`\\b${variable} =([^;]*);`).exec(data);
  if (!match) throw new Error(`ncdump printed no data for ${variable}`);
  return match[1]
    .split(/[\s,]+/)
    .filter((token) => token !== '')
    .map((token) => (token === '_' || /^nan/i.test(token) ? NaN : Number(token.replace(/f$/, ''))));
}
