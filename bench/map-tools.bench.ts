/**
 * npx tsx bench/map-tools.bench.ts — the forecaster's map tools on real-sized data, in Node:
 *  - the ice edge: our contour (d3-contour marching squares + exact placement + coast clipping) of the demo
 *    analysis's concentration on the server's 480 × 1301 grid, against d3-contour's own smoothed contour of the
 *    same slice (the library alone, the floor of what we add to it).
 *  - the drift trajectory: 72 hourly RK4 steps from 80°N 90°E through the demo analysis's drift (u, v) as the
 *    +24/+48/+72 h fields, on the main thread as the page runs it; peer: the same number of bilinear velocity
 *    look-ups alone (4 per step), i.e. what the arithmetic of RK4 adds to reading the field.
 * Median and spread of repeated runs after warm-up. The worker runs the contour on the same data.
 */
import { contours } from 'd3-contour';
import { demoAnalysis } from '../server/src/archive/demo-analysis.ts';
import { SECTOR_GRID } from '../server/src/grid/grid.ts';
import { contourLines } from '../workers/forecast/contour.ts';
import { integrateTrajectory, velocityAt, type DriftFields } from '../src/features/forecast-map/trajectory/drift-integrator.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15); // timed runs per case
const WARMUP = 3; // untimed runs first (JIT)

function measure(run: () => void): { median: number; min: number; max: number } {
  for (let k = 0; k < WARMUP; k++) run();
  const times: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], max: times[times.length - 1] };
}

function line(name: string, t: { median: number; min: number; max: number }): string {
  return `${name.padEnd(58)} ${t.median.toFixed(1).padStart(7)} ms  (${t.min.toFixed(1)}–${t.max.toFixed(1)})`;
}

const grid = SECTOR_GRID;
const state = demoAnalysis('2026-11-20', grid);
const concentration = state.concentration;
const regular = { lon0: grid.lon0, dlon: grid.dlon, nlon: grid.nlon, lat0: grid.lat0, dlat: grid.dlat, nlat: grid.nlat };
const edge = contourLines(concentration, regular, 0.15);
console.log(`slice ${grid.nlon} × ${grid.nlat}; edge: ${edge.starts.length} lines, ${edge.coordinates.length / 2} vertices`);

const ours = measure(() => contourLines(concentration, regular, 0.15));
const d3 = contours().size([grid.nlon, grid.nlat]);
const peer = measure(() => d3.contour(concentration as unknown as number[], 0.15));
console.log(line('ice edge: contourLines (ours, 15 %)', ours));
console.log(line('peer: d3-contour contour() alone, smoothed', peer));
console.log(`ratio ours / d3-contour: ${(ours.median / peer.median).toFixed(2)}`);

const uv = new Float32Array(2 * grid.nlon * grid.nlat);
for (let k = 0; k < grid.nlon * grid.nlat; k++) {
  uv[2 * k] = state.u[k];
  uv[2 * k + 1] = state.v[k];
}
const fields: DriftFields = { grid: regular, leadHours: [24, 48, 72], uv: [uv, uv, uv] };
const track = integrateTrajectory(fields, [90, 80]);
console.log(`trajectory: ${track.hours} h, ${track.distanceKm.toFixed(1)} km${track.stopped ? ' (stopped)' : ''}`);
const trajectory = measure(() => {
  for (let k = 0; k < 100; k++) integrateTrajectory(fields, [90, 80]);
});
const lookups = measure(() => {
  for (let k = 0; k < 100; k++) for (let s = 0; s < 72 * 4; s++) velocityAt(fields, s / 4, 90 + s * 1e-3, 80);
});
console.log(line('drift trajectory, 72 h RK4 (per 100 paths)', trajectory));
console.log(line('peer: 288 velocity look-ups alone (per 100 paths)', lookups));
