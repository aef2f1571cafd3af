/**
 * ncstats: check NetCDF files before publishing them.
 *   npm run -s ncstats -- FILE...
 * Prints one JSON object keyed by file name: {"format": ..., "variables": {"NAME": {"shape", "valid",
 * "missing", "min", "max", "mean"}}} with values unpacked and masked as netCDF4-python does, or
 * {"error": "..."} for a file that cannot be read. Exits 1 when any file (or any variable) failed, 2 on usage.
 */
import { readFile } from 'node:fs/promises';
import { describeNetcdf } from '../describe.ts';

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    process.stderr.write('usage: npm run -s ncstats -- FILE...\n');
    return 2;
  }
  const out: Record<string, unknown> = {};
  let failed = false;
  for (const file of files) {
    try {
      const bytes = new Uint8Array(await readFile(file));
      const summary = await describeNetcdf(bytes);
      if (Object.values(summary.variables).some((v) => 'error' in v)) failed = true;
      out[file] = summary;
    } catch (error) {
      failed = true;
      out[file] = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
