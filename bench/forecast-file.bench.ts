/**
 * `npm run bench:server`: what one forecast file costs the server, on the real grid (480 × 1301, 3 leads).
 *  - build time: the advection model's run, encoding (bit rounding + NetCDF-3), and writing to disk,
 *    each timed on its own, median and spread of RUNS runs after a warm-up;
 *  - encoding against a peer in the same run: the same file written value by value through a DataView
 *    (what a straightforward writer does), to show what the typed-array copy + native byte swap gains;
 *  - size raw, gzip (level 6) and brotli (quality 5, 16 MiB window, as the server caches them), with and
 *    without bit rounding, and the time each compression takes once.
 * Setup (the demo analysis, the land mask) is outside the timed parts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { KEEPBITS } from '../server/src/archive/bit-round.ts';
import { encodeStateFile, stateFileLayout } from '../server/src/archive/forecast-file.ts';
import { SECTOR_GRID, LEAD_HOURS } from '../server/src/grid/grid.ts';
import type { IceState } from '../server/src/grid/ice-state.ts';
import { parseNc3Header } from '../netcdf/nc3/header.ts';
import { encodeNetcdf3, type NcFile } from '../netcdf/nc3/writer.ts';
import { demoMetadata, demoStart, runDemoModel } from './demo-forecast.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const meta = demoMetadata('assim_forecast');

interface Sample {
  wall: number;
  /** Process CPU time (user + system), ms: on this shared 2-core machine the wall time depends on the load. */
  cpu: number;
}

function stats(samples: Sample[]): string {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const walls = samples.map((s) => s.wall);
  return (
    `wall median ${median(walls).toFixed(0)} ms (min ${Math.min(...walls).toFixed(0)}, max ${Math.max(...walls).toFixed(0)}), ` +
    `cpu median ${median(samples.map((s) => s.cpu)).toFixed(0)} ms, n=${samples.length}`
  );
}

function time<T>(work: () => T): [T, Sample] {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = work();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return [value, { wall, cpu: (used.user + used.system) / 1000 }];
}

/** The peer: the same file's data written value by value through a DataView (header copied from ours). */
function encodeWithDataView(layout: NcFile, reference: Uint8Array): Uint8Array {
  const header = parseNc3Header(reference);
  const out = new Uint8Array(reference.length);
  out.set(reference.subarray(0, header.variables[0].begin));
  const view = new DataView(out.buffer);
  for (const variable of header.variables) {
    const data = layout.variables.find((v) => v.name === variable.name)!.data as ArrayLike<number>;
    let at = variable.begin;
    if (variable.type === 'double') for (let k = 0; k < data.length; k++, at += 8) view.setFloat64(at, data[k]);
    else for (let k = 0; k < data.length; k++, at += 4) view.setFloat32(at, data[k]);
  }
  return out;
}

function main(): void {
  const folder = mkdtempSync(join(tmpdir(), 'bench-forecast-'));
  try {
    const analysis = demoStart();
    const model = () => runDemoModel(analysis);
    model(); // warm-up (JIT)
    const runTimes: Sample[] = [];
    const layoutTimes: Sample[] = [];
    const encodeTimes: Sample[] = [];
    const peerTimes: Sample[] = [];
    const writeTimes: Sample[] = [];
    let bytes: Uint8Array = new Uint8Array();
    let states: IceState[] = [];
    let layout: NcFile | undefined;
    for (let r = 0; r < RUNS; r++) {
      let ms: Sample;
      [states, ms] = time(model);
      runTimes.push(ms);
      [layout, ms] = time(() => stateFileLayout(states, meta));
      layoutTimes.push(ms);
      const prepared = layout;
      [bytes, ms] = time(() => encodeNetcdf3(prepared));
      encodeTimes.push(ms);
      [, ms] = time(() => encodeWithDataView(prepared, bytes));
      peerTimes.push(ms);
      [, ms] = time(() => writeFileSync(join(folder, `run-${r}.nc`), bytes));
      writeTimes.push(ms);
    }
    const totals = runTimes.map((t, i) => ({
      wall: t.wall + layoutTimes[i].wall + encodeTimes[i].wall + writeTimes[i].wall,
      cpu: t.cpu + layoutTimes[i].cpu + encodeTimes[i].cpu + writeTimes[i].cpu,
    }));

    // Sizes: with bit rounding (as served) and without (every bit kept) for comparison.
    const unrounded = encodeUnrounded(states);
    const [gzip, gzipMs] = time(() => gzipSync(bytes, { level: 6 }));
    const brotliParams = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24 } };
    const [brotli, brotliMs] = time(() => brotliCompressSync(bytes, brotliParams));
    const gzipRaw = gzipSync(unrounded, { level: 6 });
    const brotliRaw = brotliCompressSync(unrounded, brotliParams);
    const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

    console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);
    console.log(`forecast file, ${SECTOR_GRID.nlat} × ${SECTOR_GRID.nlon} × ${LEAD_HOURS.length} leads, 4 variables (${RUNS} runs)`);
    console.log(`  model run (free_drift_advection, 6 h steps) ${stats(runTimes)}`);
    console.log(`  speed/direction + bit rounding              ${stats(layoutTimes)}`);
    console.log(`  NetCDF-3 encoding (copy + native swap)      ${stats(encodeTimes)}`);
    console.log(`  peer: the same encoding, DataView per value ${stats(peerTimes)}`);
    console.log(`  write to disk                               ${stats(writeTimes)}`);
    console.log(`  total per file                              ${stats(totals)}`);
    console.log(`  size raw ${mb(bytes.length)}; gzip-6 ${mb(gzip.length)} (${gzipMs.wall.toFixed(0)} ms); brotli-5 ${mb(brotli.length)} (${brotliMs.wall.toFixed(0)} ms)`);
    console.log(`  without bit rounding: gzip-6 ${mb(gzipRaw.length)}; brotli-5 ${mb(brotliRaw.length)}`);
    console.log(`  keepbits ${JSON.stringify(KEEPBITS)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The same states without bit rounding: 23 mantissa bits kept. */
function encodeUnrounded(states: IceState[]): Uint8Array {
  return encodeStateFile(states, meta, { keepbits: { thickness: 23, concentration: 23, speed: 23, direction: 23 } });
}

main();
