/**
 * bench:icecharts (server half): importing the AARI chart (342 polygons, 1.85 MB; goal ≤ 5 s) — read, unproject,
 * make whole, resolve overlaps, decode — against GDAL's `ogr2ogr` turning the same set into GeoJSON (a peer that
 * does none of the repairs), median and spread of 5 runs each, CPU and wall time; then the chart's bytes on the wire
 * (brotli 11 as GET /icecharts/{id} sends it), full and `tolerance_km=2` (goals ≤ 300 KB / ≤ 80 KB), beside the
 * peer's GeoJSON at brotli 11.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { buildChart, inspectChart } from '../server/src/icecharts/build-chart.ts';
import { simplifyFeatures } from '../server/src/icecharts/simplify.ts';
import { wireFeatures } from '../server/src/icecharts/wire-geometry.ts';
import { AARI } from '../server/test/icecharts/fixtures.ts';

const RUNS = 5;
const brotli = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

const bytes = AARI.bytes();
const ours: { wall: number; cpu: number }[] = [];
let features: ReturnType<typeof buildChart>['features'] = [];
for (let run = 0; run < RUNS; run += 1) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  features = buildChart(await inspectChart(bytes, AARI.name)).features;
  const cpu = process.cpuUsage(cpu0);
  ours.push({ wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 });
}

const peer: number[] = [];
const out = mkdtempSync(join(tmpdir(), 'bench-icecharts-'));
for (let run = 0; run < RUNS; run += 1) {
  const target = join(out, `peer-${run}.geojson`);
  const t0 = performance.now();
  execFileSync('ogr2ogr', ['-f', 'GeoJSON', '-lco', 'COORDINATE_PRECISION=4', target, `${AARI.base}.shp`]);
  peer.push(performance.now() - t0);
}
const peerJson = readFileSync(join(out, 'peer-0.geojson'), 'utf8');
rmSync(out, { recursive: true, force: true });

const stored = JSON.stringify({ type: 'FeatureCollection', features });
const full = JSON.stringify({ type: 'FeatureCollection', features: wireFeatures(features) });
const simplified = JSON.stringify({ type: 'FeatureCollection', features: simplifyFeatures(features, 2) });
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}; ${RUNS} runs each`);
console.log(`import of the AARI chart: wall median ${median(ours.map((r) => r.wall)).toFixed(0)} ms (${spread(ours.map((r) => r.wall))}), CPU median ${median(ours.map((r) => r.cpu)).toFixed(0)} ms (${spread(ours.map((r) => r.cpu))})`);
console.log(`peer ogr2ogr → GeoJSON (no repairs): wall median ${median(peer).toFixed(0)} ms (${spread(peer)}); ratio ${(median(ours.map((r) => r.wall)) / median(peer)).toFixed(1)}×`);
const wireMs: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const t0 = performance.now();
  wireFeatures(features);
  wireMs.push(performance.now() - t0);
}
console.log(`the full body's geometry (wire-geometry.ts, once per chart): median ${median(wireMs).toFixed(0)} ms (${spread(wireMs)})`);
console.log(`wire, brotli 11: full ${kb(brotli(full))} (raw ${kb(full.length)}; as stored, 1e-4° and every vertex: ${kb(brotli(stored))}), tolerance_km=2 ${kb(brotli(simplified))} (raw ${kb(simplified.length)}); peer GeoJSON ${kb(brotli(peerJson))} (raw ${kb(peerJson.length)})`);
