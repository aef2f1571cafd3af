/**
 * npm run bench:cycle-region — the daily cycle's time per day and region, and the disk a day takes in each region.
 * For each region (the sector; the whole Arctic) and DAYS consecutive demo dates, what the cycle's first step does
 * for a date (server/src/cycle/region-date.ts `buildRegionDate`: the region's demo analysis, then the default
 * model's assimilated and free runs, written and indexed), timed one region after the other per date so both meet
 * the same load; then the bytes each date left on disk (the analysis and the two forecasts as the cycle writes
 * them), and the `.gz`/`.br` copies a first compressed download adds (the server's own `compressedCopy`).
 * Not timed: the scores (made once the valid dates' analyses exist, days later) and retention.
 * The analyses of the two days before the first date are made beforehand (the runs' history), not timed.
 * Prints per region the median (min–max) seconds per date, and MB per date (1 MB = 10^6 bytes).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { regionById, type Region } from '../common/regions/index.ts';
import { addDays } from '../common/utc-day.ts';
import { ensureAnalysis } from '../server/src/archive/pipeline.ts';
import { compressedCopy, resolveInside } from '../server/src/archive/file-store.ts';
import { buildRegionDate } from '../server/src/cycle/region-date.ts';
import { seedModels } from '../server/src/cycle/demo-archive.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { spread } from './spread.ts';

const DAYS = Number(process.env.DAYS ?? 3);
const FIRST = process.env.FIRST_DATE ?? '2026-11-20';
/** The cycle's default model (DEFAULT_MODEL's default: free-drift advection). */
const MODEL = 'model_2';
const regions: Region[] = [regionById('sector'), regionById('arctic')];

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const size = (dataDir: string, rel: string) => statSync(resolveInside(dataDir, rel)).size;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-cycle-region-'));
try {
  const db = await openDatabase(dataDir);
  await seedModels(db);
  const ctxOf = (region: Region) => ({ db, dataDir, region });
  for (const region of regions) {
    for (const back of [2, 1]) await ensureAnalysis(ctxOf(region), addDays(FIRST, -back));
  }
  const seconds = new Map<string, number[]>(regions.map((r) => [r.id, []]));
  const files = new Map<string, string[][]>(regions.map((r) => [r.id, []]));
  const loads: number[] = [];
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(FIRST, day);
    for (const region of regions) {
      loads.push(loadavg()[0]);
      const started = performance.now();
      const written = await buildRegionDate(ctxOf(region), date, [MODEL]);
      seconds.get(region.id)!.push((performance.now() - started) / 1000);
      files.get(region.id)!.push(written);
      console.log(`${date} ${region.id.padEnd(6)} ${((performance.now() - started) / 1000).toFixed(1)} s, ${written.length} files`);
    }
  }

  console.log(`\n${cpus().length} cores, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (1 min) while timing; ${DAYS} dates from ${FIRST}`);
  console.log('region'.padEnd(8) + 'cycle s/date: median (min–max)'.padEnd(34) + 'analysis MB'.padEnd(13) + 'forecast MB ×2'.padEnd(16) + 'day MB'.padEnd(9) + '+ .gz, .br per forecast MB');
  for (const region of regions) {
    const s = spread(seconds.get(region.id)!);
    const last = files.get(region.id)!.at(-1)!;
    const [analysis, ...forecasts] = last.map((rel) => size(dataDir, rel));
    const day = analysis + forecasts.reduce((a, b) => a + b, 0);
    const forecastPath = resolveInside(dataDir, last[1]);
    const gz = statSync(await compressedCopy(forecastPath, 'gzip')).size;
    const br = statSync(await compressedCopy(forecastPath, 'br')).size;
    console.log(
      region.id.padEnd(8) +
        `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`.padEnd(34) +
        mb(analysis).padEnd(13) +
        forecasts.map(mb).join(' + ').padEnd(16) +
        mb(day).padEnd(9) +
        `${mb(gz)}, ${mb(br)}`,
    );
  }
  await db.destroy();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
