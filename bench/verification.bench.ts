/**
 * npm run bench:verification — the cost of the verification records on the real grid (480 × 1301):
 *  - scoring one run of 3 leads (IIEE with over/under, edge length and distance, area-weighted errors,
 *    thickness, persistence, skills) from fields in memory; the peer in the same run is the hindcast metrics'
 *    RMSE/MAE/SSIM of concentration for the same 3 leads (common/verification/hindcast-scores.ts);
 *  - the same run from files: its forecast file and the three analyses read from disk, then scored (what
 *    verifyArchive does for a run whose record is missing; the truth's edge is measured once per analysis);
 *  - the summary over 90 days × 4 models × 2 runs × 3 leads (2160 records, SQLite): the query and the means of
 *    GET /verification/summary.
 * Goal: ≤ 150 ms per run of 3 leads. Prints median and spread of repeated runs (ms).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowAreasKm2 } from '../common/verification/grid-area.ts';
import { iceEdgeLengthKm } from '../common/verification/ice-edge.ts';
import { scoreLead } from '../common/verification/scores.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { seedModels } from '../server/src/cycle/demo-archive.ts';
import { demoAnalysis } from '../server/src/archive/demo-analysis.ts';
import { encodeStateFile } from '../server/src/archive/forecast-file.ts';
import { writeFileAtomic } from '../server/src/archive/file-store.ts';
import { insertModel } from '../server/src/archive/forecast-repository.ts';
import { SECTOR_GRID, LEAD_HOURS } from '../server/src/grid/grid.ts';
import { scoreField } from '../common/verification/hindcast-scores.ts';
import { runModelType } from '../server/src/models/index.ts';
import { readFileFields } from '../server/src/verification/forecast-runs.ts';
import { summarise } from '../server/src/verification/summary.ts';
import { listRecords, saveRecord } from '../server/src/verification/verification-repository.ts';
import { summarize } from './decode-cases.ts';
import type { CaseResult } from './regrid-timing.ts';
import { addDays } from '../common/utc-day.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = 2;
const D = '2026-11-20';

async function time(name: string, work: () => unknown): Promise<CaseResult> {
  const samples: number[] = [];
  for (let k = 0; k < WARMUP + RUNS; k++) {
    const started = performance.now();
    await work();
    if (k >= WARMUP) samples.push(performance.now() - started);
  }
  return { name, samples };
}

const grid = SECTOR_GRID;
const out = mkdtempSync(join(tmpdir(), 'bench-verification-'));
mkdirSync(join(out, 'forecast-data'));
try {
  console.log(`setup: demo analyses of ${D} … +3 days and a free-drift-advection run on ${grid.nlat} × ${grid.nlon}`);
  const analyses = await Promise.all([0, 1, 2, 3].map((k) => demoAnalysis(addDays(D, k), grid)));
  const run = runModelType('free_drift_advection', analyses[0], { time_step_hours: 6, drift_scale: 1 }, { leadHours: LEAD_HOURS });
  const meta = { date: D, model: 'model_2', assimilated: true, source: 'bench', leadHours: LEAD_HOURS } as const;
  const forecastFile = { kind: 'assim_forecast', owner: 'model_2', date: D, path: 'forecast-data/run.nc', bytes: 0, etag: 'run', created_at: '' } as const;
  writeFileAtomic(join(out, 'forecast-data/run.nc'), encodeStateFile(run, { ...meta, kind: 'assim_forecast' }));
  analyses.forEach((state, k) => writeFileAtomic(join(out, `forecast-data/a${k}.nc`), encodeStateFile([state], { ...meta, kind: 'analysis', leadHours: [0] })));
  const analysisFile = (k: number) => ({ ...forecastFile, kind: 'analysis' as const, path: `forecast-data/a${k}.nc`, etag: `a${k}` });
  const areas = rowAreasKm2(grid);

  const results: CaseResult[] = [];
  results.push(
    await time('score one run, 3 leads (fields in memory)', () => {
      for (const [k] of LEAD_HOURS.entries()) {
        scoreLead({ grid, forecast: run[k], analysis: analyses[k + 1], persistence: analyses[0], areas });
      }
    }),
  );
  results.push(
    await time('  peer: hindcast RMSE/MAE/SSIM of concentration, 3 leads', () => {
      for (const [k] of LEAD_HOURS.entries()) scoreField(run[k].concentration, analyses[k + 1].concentration, grid.nlon, grid.nlat, 1);
    }),
  );
  results.push(
    await time('  of which: the truth\'s edge length, 3 analyses', () => {
      for (const k of [1, 2, 3]) iceEdgeLengthKm(analyses[k].concentration, grid);
    }),
  );
  results.push(
    await time('read the run and 4 analyses from disk, score 3 leads', async () => {
      const forecast = await readFileFields(out, forecastFile);
      const fields = await Promise.all([0, 1, 2, 3].map((k) => readFileFields(out, analysisFile(k))));
      for (const [k] of LEAD_HOURS.entries()) {
        scoreLead({ grid, forecast: forecast.steps[k], analysis: fields[k + 1].steps[0], persistence: fields[0].steps[0], areas });
      }
    }),
  );

  // The summary: 90 days × 4 models × 2 runs × 3 leads of records with realistic numbers.
  const db = await openDatabase(join(out, 'db'));
  await seedModels(db);
  await insertModel(db, { model_id: 'model_4', model_type: 'persistence', hyperparameters: {}, is_default: false });
  const scores = scoreLead({ grid, forecast: run[0], analysis: analyses[1], persistence: analyses[0], areas });
  const first = addDays(D, -89);
  for (let day = 0; day < 90; day++) {
    for (const model_id of ['model_1', 'model_2', 'model_3', 'model_4']) {
      for (const runKind of ['forecast', 'assim_forecast']) {
        for (const lead_hours of LEAD_HOURS) {
          const date = addDays(first, day);
          const wobble = 1 + 0.3 * Math.sin(day + lead_hours);
          await saveRecord(db, {
            ...scores,
            iiee_km2: scores.iiee_km2 * wobble,
            model_id, run: runKind, date, lead_hours, valid_date: addDays(date, lead_hours / 24),
            truth_source: 'demo_analysis', truth_label: 'bench', forecast_id: 'f', analysis_id: 'a', persistence_id: 'p', version: 1,
          });
        }
      }
    }
  }
  results.push(
    await time('summary over 90 days × 4 models (2160 records): query + means', async () => {
      const records = await listRecords(db, { from: first, to: D });
      if (records.length !== 2160) throw new Error(`expected 2160 records, got ${records.length}`);
      summarise(records.map((r) => ({ ...r, run: r.run as 'forecast' })), ['model_1', 'model_2', 'model_3', 'model_4']);
    }),
  );
  await db.destroy();

  console.log(`\n${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${RUNS} runs after ${WARMUP} warm-up (ms)`);
  console.log('case'.padEnd(66) + 'median'.padStart(9) + '   q1–q3'.padEnd(20) + 'min–max');
  for (const r of results.map(summarize)) {
    console.log(r.name.padEnd(66) + r.median.toFixed(1).padStart(9) + `   ${r.q1.toFixed(1)}–${r.q3.toFixed(1)}`.padEnd(20) + `${r.min.toFixed(1)}–${r.max.toFixed(1)}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
