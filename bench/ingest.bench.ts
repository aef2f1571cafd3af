/**
 * Ingesting one real analysis (server/src/ingest/): open the file, find the ice variables, regrid onto the
 * forecast grid (480 × 1301), merge, encode and write it with provenance. Each job runs in a fresh worker
 * thread, so its in-memory mapping cache is empty: per real fixture, five runs with the mapping built anew
 * (no DATA_DIR/regrid-cache: what every job paid before the mappings were kept on disk) and five with the
 * mapping read from DATA_DIR/regrid-cache (a product's next day). Peer in the same run: archiving the demo
 * analysis of a day, what a real one replaces.
 *
 *   npm run -s bench:ingest
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cpuUsage } from 'node:process';
import { openDatabase } from '../server/src/db/database.ts';
import { ensureAnalysis } from '../server/src/archive/pipeline.ts';
import { readLocalFile } from '../server/src/ingest/fetch-file.ts';
import { ingestAnalysis } from '../server/src/ingest/ingest-analysis.ts';
import { MAPPING_DIR } from '../server/src/ingest/mapping-store.ts';
import { mappingCache } from '../common/regrid/index.ts';
import { fixturesDir } from '../netcdf/test/fixture-paths.ts';

const RUNS = 5;
const dir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
const db = await openDatabase(dir);
const ctx = { db, dataDir: dir };

interface Timing {
  wall: number;
  cpu: number;
}

async function time(work: () => Promise<unknown>): Promise<Timing> {
  const cpu = cpuUsage();
  const start = performance.now();
  await work();
  const used = cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

function summary(label: string, runs: Timing[]): void {
  const walls = runs.map((t) => t.wall).sort((a, b) => a - b);
  const cpus = runs.map((t) => t.cpu).sort((a, b) => a - b);
  const median = (values: number[]) => values[values.length >> 1];
  console.log(
    `${label.padEnd(58)} wall median ${Math.round(median(walls)).toString().padStart(5)} ms ` +
      `(${Math.round(walls[0])}–${Math.round(walls.at(-1)!)})   CPU median ${Math.round(median(cpus)).toString().padStart(5)} ms`,
  );
}

const cases: Array<[string, string]> = [
  ['ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', '2020-02-16'],
  ['arctic.nc', '1978-11-01'],
  ['init_25km_NH.nc', '2010-01-01'],
  ['Arctic20_1to5Feb_2016.nc', '2016-02-02'],
];

try {
  {
    let day = 1;
    const run = () => ensureAnalysis(ctx, `2026-01-${String(day++).padStart(2, '0')}`);
    await run(); // warm-up: the land mask, module loading
    const runs: Timing[] = [];
    for (let k = 0; k < RUNS; k++) runs.push(await time(run));
    summary('peer: demo analysis generated and archived', runs);
  }
  for (const [name, date] of cases) {
    const path = resolve(fixturesDir, 'arctic', name);
    const ingest = async () => {
      const file = await readLocalFile(path);
      await ingestAnalysis(ctx, [{ product: 'bench', file }], { datasetId: 'bench', sourceLabel: 'bench', date, userId: null });
    };
    await ingest(); // warm-up: h5wasm, proj4
    const built: Timing[] = [];
    const stored: Timing[] = [];
    for (let k = 0; k < RUNS; k++) {
      mappingCache.clear();
      rmSync(join(dir, MAPPING_DIR), { recursive: true, force: true });
      built.push(await time(ingest));
      mappingCache.clear();
      stored.push(await time(ingest));
    }
    summary(`${name}, mapping built`, built);
    summary(`${name}, mapping from disk`, stored);
  }
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
