/**
 * npm run bench:onnx — one run of a U-Net-sized network (about 1.1 M parameters, random weights, made by
 * server/test/fixtures/onnx/make-models.py --unet) on the full 480 × 1301 grid with the seed's input of 4 variables ×
 * 32 days ([1, 128, 480, 1301], 320 MB): time and peak RSS of the whole process, with one and two intra-op
 * threads, against the built-in free-drift advection model in the same run. Each run is a process of its own
 * (bench/onnx-run.ts), so its peak RSS is its own. Goal: a run under 1.5 GB RSS. RUNS=3 by default.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 3);
const HISTORY = 32;
const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

interface Sample {
  ms: number;
  maxRssMB: number;
}

function once(model: string, threads: number): Sample {
  const out = execFileSync(process.execPath, [tsx, join(root, 'bench/onnx-run.ts'), model, String(HISTORY), String(threads)], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Sample;
}

function summary(name: string, samples: Sample[]): string {
  const sorted = (pick: (s: Sample) => number) => samples.map(pick).sort((a, b) => a - b);
  const ms = sorted((s) => s.ms);
  const rss = sorted((s) => s.maxRssMB);
  const mid = (values: number[]) => values[Math.floor(values.length / 2)];
  return `${name.padEnd(44)}${(mid(ms) / 1000).toFixed(2).padStart(8)} s  (${(ms[0] / 1000).toFixed(2)}–${(ms.at(-1)! / 1000).toFixed(2)})${mid(rss).toFixed(0).padStart(8)} MB  (${rss[0].toFixed(0)}–${rss.at(-1)!.toFixed(0)})`;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-onnx-'));
try {
  const model = join(dir, 'unet.onnx');
  console.log(execFileSync('/usr/bin/python3', [join(root, 'server/test/fixtures/onnx/make-models.py'), '--unet', model, '--history', String(HISTORY)], { encoding: 'utf8' }).trim());
  console.log(`bench:onnx; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average ${loadavg()[0].toFixed(1)}; ${RUNS} runs each`);
  const cases: Array<[string, string, number]> = [
    ['U-Net [4, 32, 480, 1301], 1 thread', model, 1],
    ['U-Net [4, 32, 480, 1301], 2 threads', model, 2],
    ['free-drift advection (peer)', 'advection', 1],
  ];
  const samples = new Map<string, Sample[]>(cases.map(([name]) => [name, []]));
  // Interleaved, so load from elsewhere falls on every case alike.
  for (let run = 0; run < RUNS; run++) for (const [name, path, threads] of cases) samples.get(name)!.push(once(path, threads));
  console.log(`${'case'.padEnd(44)}${'median'.padStart(8)}    (min–max)       peak RSS (min–max)`);
  for (const [name] of cases) console.log(summary(name, samples.get(name)!));
  console.log(`load average after: ${loadavg()[0].toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
