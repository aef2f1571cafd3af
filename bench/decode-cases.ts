/**
 * The decode benchmark's timed cases, shared by Node (decode.bench.ts) and the Chromium worker
 * (decode-bench-worker.ts) so both run exactly the same code. Setup (reading files, parsing offsets for the
 * floor) stays outside the timed part. Every case produces what the app needs: one Float32Array per variable.
 */
import { NetCDFReader } from 'netcdfjs';
import { parseNc3Header } from '../netcdf/nc3/header.ts';
import { loadH5wasm } from '../netcdf/nc4/h5wasm-loader.ts';
import { openNetcdf } from '../netcdf/open-netcdf.ts';

export const BENCH_VARIABLES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'];

export interface CaseResult {
  name: string;
  /** Milliseconds per run. */
  samples: number[];
}

export interface BenchInput {
  nc3: Uint8Array;
  nc4: Uint8Array;
  runs: number;
  warmup: number;
}

/** Sum of a few values, so no engine can drop the work as dead code. */
let sink = 0;
function touch(values: ArrayLike<number>): void {
  sink += values[values.length >> 1] || 0;
}

interface BenchCase {
  name: string;
  run: () => void | Promise<void>;
}

/**
 * Runs the cases round-robin (case 1, 2, …, then again), so that a busy machine slows every case alike
 * instead of whichever happened to run during the busy spell.
 */
async function timeRoundRobin(cases: BenchCase[], input: BenchInput): Promise<CaseResult[]> {
  const results = cases.map((c) => ({ name: c.name, samples: [] as number[] }));
  for (let round = 0; round < input.warmup + input.runs; round++) {
    for (let k = 0; k < cases.length; k++) {
      const started = performance.now();
      await cases[k].run();
      if (round >= input.warmup) results[k].samples.push(performance.now() - started);
    }
  }
  return results;
}

export async function runDecodeCases(input: BenchInput): Promise<CaseResult[]> {
  const { nc3, nc4 } = input;
  const header = parseNc3Header(nc3);
  const blocks = BENCH_VARIABLES.map((name) => {
    const v = header.variables.find((x) => x.name === name);
    if (!v || v.isRecord) throw new Error(`bench file lacks fixed variable ${name}`);
    return { begin: v.begin, bytes: v.sliceBytes };
  });
  const nc3Buffer = nc3.buffer.slice(nc3.byteOffset, nc3.byteOffset + nc3.byteLength) as ArrayBuffer;
  const { h5, module } = await loadH5wasm();
  const cases: BenchCase[] = [];

  cases.push({
    name: 'NetCDF-3 floor: copy + Uint32 byte swap',
    run: () => {
      for (const block of blocks) {
        const buffer = new ArrayBuffer(block.bytes);
        new Uint8Array(buffer).set(nc3.subarray(block.begin, block.begin + block.bytes));
        const words = new Uint32Array(buffer);
        for (let i = 0; i < words.length; i++) {
          const x = words[i];
          words[i] = ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
        }
        touch(new Float32Array(buffer));
      }
    },
  });
  cases.push({
    name: 'NetCDF-3 ours: open + 4 variables, masked',
    run: async () => {
      const ds = await openNetcdf(nc3);
      for (const name of BENCH_VARIABLES) touch(ds.read(name));
      ds.close();
    },
  });
  cases.push({
    name: 'NetCDF-3 ours: one lead of one variable',
    run: async () => {
      const ds = await openNetcdf(nc3);
      touch(ds.read(BENCH_VARIABLES[0], 1));
      ds.close();
    },
  });
  cases.push({
    name: 'NetCDF-3 netcdfjs + Float32Array',
    run: () => {
      const reader = new NetCDFReader(nc3Buffer);
      for (const name of BENCH_VARIABLES) touch(Float32Array.from(reader.getDataVariable(name) as number[]));
    },
  });
  cases.push({
    name: 'NetCDF-4 ours: open + 4 variables, masked',
    run: async () => {
      const ds = await openNetcdf(nc4);
      for (const name of BENCH_VARIABLES) touch(ds.read(name));
      ds.close();
    },
  });
  cases.push({
    name: 'NetCDF-4 h5wasm raw: write FS + open + 4 datasets',
    run: () => {
      module.FS.writeFile('/bench.h5', nc4);
      const file = new h5.File('/bench.h5', 'r');
      for (const name of BENCH_VARIABLES) {
        const ds = file.get(name);
        if (!(ds instanceof h5.Dataset)) throw new Error(`no dataset ${name}`);
        touch(ds.value as Float32Array);
      }
      file.close();
      module.FS.unlink('/bench.h5');
    },
  });
  const results = await timeRoundRobin(cases, input);
  if (sink === 42.4242) console.log(''); // keep `sink` alive
  return results;
}

export interface Summary {
  name: string;
  median: number;
  min: number;
  max: number;
  q1: number;
  q3: number;
}

export function summarize(result: CaseResult): Summary {
  const s = [...result.samples].sort((a, b) => a - b);
  const at = (q: number): number => {
    const pos = (s.length - 1) * q;
    const lo = Math.floor(pos);
    return s[lo] + (s[Math.ceil(pos)] - s[lo]) * (pos - lo);
  };
  return { name: result.name, median: at(0.5), min: s[0], max: s[s.length - 1], q1: at(0.25), q3: at(0.75) };
}
