/**
 * The daily cycle's cost per day and region (server/src/cycle/): `runCycle` over one date in both regions on their
 * real grids (the sector 480 × 1301, the whole Arctic 1216 × 1792), the figures being the date's own `timings`
 * (what the job logs as `cycle date built`): per region its regridding, analysis and the default model's two runs;
 * and the source's reading. Two sources: a `dir:` inbox holding OSI SAF's EASE2 file (the first day builds the
 * regridding mappings, the next day reads them from DATA_DIR/regrid-cache, as a product's daily file does), and the
 * demo source. Each run on a fresh DATA_DIR and database, the in-memory mapping cache emptied before each date (each
 * job runs in a fresh thread). The sector is the peer of the whole Arctic in the same run.
 *
 *   npm run -s bench:cycle-regions            (RUNS=3 by default)
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/src/db/database.ts';
import { seedModels } from '../server/src/cycle/demo-archive.ts';
import { runCycle, type CyclePlan } from '../server/src/cycle/run-cycle.ts';
import { parseAnalysisSource, type AnalysisSourceConfig } from '../server/src/ingest/products.ts';
import { mappingCache } from '../common/regrid/index.ts';
import { fixturesDir } from '../netcdf/test/fixture-paths.ts';
import { spread } from './spread.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const DAYS = ['2026-02-15', '2026-02-16'];
const EASE2 = resolve(fixturesDir, 'arctic', 'ice_conc_nh_ease2-250_cdr-v3p1_202002.nc');

type Figures = Map<string, number[]>;

function add(figures: Figures, label: string, ms: number): void {
  figures.set(label, [...(figures.get(label) ?? []), ms]);
}

async function oneRun(kind: 'inbox' | 'demo', figures: Figures): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cycle-bench-'));
  const inbox = join(dir, 'inbox');
  mkdirSync(inbox);
  for (const day of DAYS) copyFileSync(EASE2, join(inbox, `osisaf_${day.replaceAll('-', '')}.nc`));
  const db = await openDatabase(join(dir, 'data'));
  try {
    await seedModels(db);
    const source: AnalysisSourceConfig = kind === 'inbox' ? parseAnalysisSource(`dir:${inbox}`) : { kind: 'demo' };
    for (const [index, date] of DAYS.entries()) {
      mappingCache.clear();
      const plan: CyclePlan = { dates: [date], now: `${date}T07:00:00Z`, source, retryS: 900, deadline: '18:00', retainDays: 0, regions: ['sector', 'arctic'], jobId: null, userId: null };
      const started = performance.now();
      const result = await runCycle({ db, dataDir: join(dir, 'data') }, plan, () => 0, () => undefined);
      const wall = performance.now() - started;
      const outcome = result.dates[0];
      if (outcome.status !== 'done' || !outcome.timings) throw new Error(`${kind} ${date}: ${outcome.message}`);
      const day = kind === 'demo' ? `demo, day ${index + 1}` : index === 0 ? 'inbox, first day (mappings built)' : 'inbox, next day (mappings on disk)';
      for (const { region, ms } of outcome.timings.regions) add(figures, `${day}: ${region}`, ms);
      if (kind === 'inbox') add(figures, `${day}: reading the file`, outcome.timings.fetch_ms);
      add(figures, `${day}: whole date`, wall);
    }
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const figures: Figures = new Map();
console.log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (let run = 0; run < RUNS; run++) {
  for (const kind of ['inbox', 'demo'] as const) await oneRun(kind, figures);
}
console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const [label, values] of figures) {
  const { median, min, max, n } = spread(values);
  console.log(`${label.padEnd(52)} median ${(median / 1000).toFixed(1).padStart(5)} s (${(min / 1000).toFixed(1)}–${(max / 1000).toFixed(1)}, n=${n})`);
}
