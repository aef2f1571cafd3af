/** Where the shared fixtures live: ../shared/fixtures/netcdf beside the repository (CI clones shared/ there). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const fixturesDir = resolve(repoRoot, '../shared/fixtures/netcdf');

export function fixture(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(fixturesDir, relative)));
}
