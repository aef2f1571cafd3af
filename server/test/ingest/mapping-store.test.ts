import { readdirSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMapping, describeSourceGrid, mappingCache } from '../../../common/regrid/index.ts';
import { openNetcdf } from '../../../netcdf/index.ts';
import { MAPPING_DIR, storedMapping } from '../../src/ingest/mapping-store.ts';
import { SMALL_GRID } from '../grid/small-grid.ts';
import { tempDir } from '../helpers.ts';
import { fixtureBytes } from './fixture-server.ts';

describe('mappings kept on disk', () => {
  it('are reused by a later job (a fresh in-memory cache), give the same field, and are rebuilt when damaged', async () => {
    const dataset = await openNetcdf(new Uint8Array(fixtureBytes('ease2')));
    const grid = describeSourceGrid(dataset, 'ice_conc');
    const values = dataset.read('ice_conc', 0);
    const dataDir = tempDir();

    mappingCache.clear();
    const built = storedMapping(dataDir, grid, SMALL_GRID, 'bilinear');
    expect(built.fromDisk).toBe(false);
    const files = readdirSync(join(dataDir, MAPPING_DIR));
    expect(files).toHaveLength(1);

    mappingCache.clear(); // what a new worker thread starts with
    const loaded = storedMapping(dataDir, grid, SMALL_GRID, 'bilinear');
    expect(loaded.fromDisk).toBe(true);
    expect(mappingCache.misses).toBe(0);
    expect(loaded.mapping.footprintCount).toBe(built.mapping.footprintCount);
    expect(Array.from(applyMapping(loaded.mapping, values))).toEqual(Array.from(applyMapping(built.mapping, values)));

    // Another method is another file.
    expect(storedMapping(dataDir, grid, SMALL_GRID, 'nearest').fromDisk).toBe(false);
    expect(readdirSync(join(dataDir, MAPPING_DIR))).toHaveLength(2);

    truncateSync(join(dataDir, MAPPING_DIR, files[0]), 1000);
    mappingCache.clear();
    expect(storedMapping(dataDir, grid, SMALL_GRID, 'bilinear').fromDisk).toBe(false);
    expect(storedMapping(dataDir, grid, SMALL_GRID, 'bilinear').fromDisk).toBe(true);
    dataset.close();
  });
});
