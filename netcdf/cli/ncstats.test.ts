/** ncstats as a forecaster runs it: one JSON object keyed by file name, non-zero exit for a bad file. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir, repoRoot } from '../test/fixture-paths.ts';

function ncstats(...files: string[]) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'netcdf/cli/ncstats.ts'), ...files], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, json: run.stdout ? JSON.parse(run.stdout) : null, stderr: run.stderr };
}

describe('ncstats', () => {
  it('prints format and per-variable statistics, exit 0 for good files', () => {
    const classic = join(fixturesDir, 'arctic/arctic.nc');
    const nc4 = join(fixturesDir, 'peer-netcdf4-python/issue671.nc');
    const { status, json } = ncstats(classic, nc4);
    expect(status).toBe(0);
    expect(Object.keys(json)).toEqual([classic, nc4]);
    expect(json[classic].format).toBe('classic');
    expect(json[classic].variables.UMass_AES).toMatchObject({ shape: [1, 240, 240], valid: 28146, missing: 29454, min: 0, max: 100 });
    expect(json[nc4].format).toBe('netcdf4');
    for (const stats of Object.values<Record<string, unknown>>(json[nc4].variables)) {
      expect(Object.keys(stats)).toEqual(['shape', 'valid', 'missing', 'min', 'max', 'mean']);
    }
  });

  it('prints {"error"} for a bad file and exits non-zero, still describing the good ones', () => {
    const good = join(fixturesDir, 'peer-netcdf4-python/ubyte.nc');
    const bad = join(fixturesDir, 'peer-pnetcdf/bad_xtype.nc5');
    const { status, json } = ncstats(good, bad);
    expect(status).not.toBe(0);
    expect(json[good].format).toBe('classic');
    expect(json[bad]).toEqual({ error: expect.stringMatching(/^NetcdfFormatError: unknown NetCDF type code 12/) });
  });

  it('reports a missing file as an error too', () => {
    const { status, json } = ncstats('/nonexistent/forecast.nc');
    expect(status).not.toBe(0);
    expect(json['/nonexistent/forecast.nc'].error).toMatch(/ENOENT/);
  });
});
